// One simulated reader of `npm run bench:load`: its own client address (sent as X-Forwarded-For to
// a server that trusts loopback as its proxy), its own visitor cookie, and a human pace: a think
// time between actions and at most one comment in COMMENT_GAP_MS, so the per-address limits of a
// real reader apply and a normal reader stays under them. It remembers what it liked (each like
// toggles) and what it commented, for the checks afterwards.
import { type LikeCounts, likeKey, type Targets } from './load-targets.ts';
import type { LoadStats, RequestKind } from './load-stats.ts';

const THINK_MS = { min: 500, max: 2000 };
/** Writing a comment takes a person a while; also keeps a reader well under 5 comments a minute. */
const COMMENT_GAP_MS = 20_000;
const REQUEST_TIMEOUT_MS = 30_000;
const PUBLIC_PAGE_SIZE = 20;

/** How often each action is chosen (relative weights). */
const ACTIONS = {
  readChapter: 20,
  readGallery: 10,
  chapterLikes: 10,
  chapterComments: 10,
  galleryListPage: 10,
  search: 8,
  likeChapter: 10,
  likeImage: 12,
  comment: 10,
} satisfies Record<string, number>;
type Action = keyof typeof ACTIONS;
const WEIGHT_TOTAL = Object.values(ACTIONS).reduce((sum, weight) => sum + weight, 0);

export interface SentComment {
  type: 'chapter' | 'image';
  targetId: number;
  content: string;
  address: string;
  /** The answer's status; null when none came, so whether it was stored is unknown. */
  status: number | null;
}

const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const thinkTime = () => THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min);

function chooseAction(): Action {
  let roll = Math.random() * WEIGHT_TOTAL;
  for (const [action, weight] of Object.entries(ACTIONS) as [Action, number][]) {
    roll -= weight;
    if (roll < 0) return action;
  }
  return 'readChapter';
}

export class Visitor {
  /** 198.18.0.0/15 is set aside for benchmarks (RFC 2544): no real reader has these addresses. */
  readonly address: string;
  /** The visitor cookie's value once the server has issued one. */
  cookie: string | null = null;
  /** Liked or not, per target key, as this visitor's toggles left it. */
  readonly liked = new Map<string, boolean>();
  /** Like answers whose user_liked disagreed with the toggle this visitor expected. */
  readonly likeDisagreements: string[] = [];
  /** Targets whose like state is unknown: the toggle got a 5xx or no answer. */
  readonly likeUnknown = new Set<string>();
  readonly comments: SentComment[] = [];
  private lastCommentAt = -Infinity;

  readonly index: number;
  private readonly base: string;
  private readonly targets: Targets;
  private readonly stats: LoadStats;
  /** In every comment this run sends, so the checks find them among the others. */
  private readonly runId: string;

  constructor(index: number, base: string, targets: Targets, stats: LoadStats, runId: string) {
    this.index = index;
    this.base = base;
    this.targets = targets;
    this.stats = stats;
    this.runId = runId;
    this.address = `198.18.${index >> 8}.${index & 255}`;
  }

  /** Acts until `endAt`; starts after a first think time so that visitors do not all arrive at once. */
  async run(endAt: number): Promise<void> {
    await sleep(thinkTime());
    while (Date.now() < endAt) {
      await this.act(chooseAction());
      await sleep(thinkTime());
    }
  }

  /**
   * Sends one request with this visitor's address and cookie, and keeps the cookie it is given.
   * Timed under `kind`; `kind` null (the checks afterwards) leaves the figures alone.
   */
  async send(kind: RequestKind | null, path: string, json?: unknown): Promise<{ status: number; body: ArrayBuffer } | null> {
    const headers: Record<string, string> = { 'x-forwarded-for': this.address, 'accept-encoding': 'gzip, deflate, br' };
    if (this.cookie) headers['cookie'] = `visitor=${this.cookie}`;
    if (json !== undefined) Object.assign(headers, { origin: this.base, 'content-type': 'application/json' });
    const started = performance.now();
    try {
      const response = await fetch(this.base + path, {
        method: json === undefined ? 'GET' : 'POST',
        headers,
        ...(json === undefined ? {} : { body: JSON.stringify(json) }),
        signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
      });
      const body = await response.arrayBuffer();
      if (kind) this.stats.record(kind, performance.now() - started, response.status);
      const issued = response.headers.getSetCookie().find((cookie) => cookie.startsWith('visitor='));
      if (issued) this.cookie = issued.slice('visitor='.length).split(';')[0]!;
      return { status: response.status, body };
    } catch {
      if (kind) this.stats.record(kind, performance.now() - started, null);
      return null;
    }
  }

  private async act(action: Action): Promise<void> {
    const { chapters, galleries, images, searchWords } = this.targets;
    switch (action) {
      case 'readChapter':
        return void (await this.send('chapter page', pick(chapters).page));
      case 'readGallery':
        return void (await this.send('gallery page', pick(galleries).page));
      case 'chapterLikes':
        return void (await this.send('chapter likes', `/api/chapters/like?chapter_id=${pick(chapters).id}`));
      case 'chapterComments':
        return void (await this.send('chapter comments', `/api/chapters/comments/list?chapter_id=${pick(chapters).id}`));
      case 'galleryListPage': {
        const gallery = pick(galleries);
        const page = 1 + Math.floor(Math.random() * Math.max(1, Math.ceil(gallery.imageCount / PUBLIC_PAGE_SIZE)));
        return void (await this.send(
          'gallery-list page',
          `/api/images/gallery-list?gallery_id=${gallery.id}&page=${page}&limit=${PUBLIC_PAGE_SIZE}`,
        ));
      }
      case 'search': {
        const q = encodeURIComponent(pick(searchWords.length > 0 ? searchWords : ['a']));
        return void (await this.send(
          'gallery search',
          `/api/images/gallery-list?gallery_id=${pick(galleries).id}&page=1&limit=${PUBLIC_PAGE_SIZE}&q=${q}`,
        ));
      }
      case 'likeChapter': {
        const { id } = pick(chapters);
        return this.toggleLike('like chapter', likeKey('chapter', id), '/api/chapters/like', { chapter_id: id });
      }
      case 'likeImage': {
        const { id } = pick(images);
        return this.toggleLike('like image', likeKey('image', id), '/api/images/gallery-like', { image_id: id });
      }
      case 'comment':
        // A reader who has just commented reads on instead.
        if (Date.now() - this.lastCommentAt < COMMENT_GAP_MS) return this.act('readChapter');
        this.lastCommentAt = Date.now();
        return Math.random() < 0.5 ? this.comment('chapter', pick(chapters).id) : this.comment('image', pick(images).id);
    }
  }

  private async toggleLike(kind: RequestKind, key: string, path: string, json: unknown): Promise<void> {
    const expected = !(this.liked.get(key) ?? false);
    let answer = await this.send(kind, path, json);
    // A like before any like state was read comes back 409 with the visitor cookie; the like
    // button then sends it again, and so does this reader (the 409 counts as a client error).
    if (answer?.status === 409) answer = await this.send(kind, path, json);
    if (answer === null || answer.status >= 500) {
      this.likeUnknown.add(key);
      return;
    }
    if (answer.status >= 300) return; // refused (429, 403, 404): nothing changed
    const { user_liked } = JSON.parse(new TextDecoder().decode(answer.body)) as { user_liked: boolean };
    // After a lost answer the toggle's start is unknown: the server's word is all there is.
    if (this.likeUnknown.delete(key)) {
      this.liked.set(key, user_liked);
      return;
    }
    if (user_liked !== expected) this.likeDisagreements.push(`${key}: expected ${expected}, answered ${user_liked}`);
    this.liked.set(key, expected);
  }

  private async comment(type: 'chapter' | 'image', targetId: number): Promise<void> {
    const content = `Load test ${this.runId}: reader ${this.index}, comment ${this.comments.length + 1} on ${type} ${targetId}. It's "quoted" & <kept> as text.`;
    const answer =
      type === 'chapter'
        ? await this.send('comment chapter', '/api/chapters/comments/create', {
            chapter_id: targetId,
            author_name: `Reader ${this.index}`,
            content,
            website: '',
          })
        : await this.send('comment image', '/api/images/gallery-comment-create', {
            image_id: targetId,
            author_name: `Reader ${this.index}`,
            content,
            website: '',
          });
    this.comments.push({ type, targetId, content, address: this.address, status: answer?.status ?? null });
  }

  /** Adds this visitor's liked targets to `counts` (a like count per target key). */
  addLikesTo(counts: LikeCounts): void {
    for (const [key, liked] of this.liked) if (liked) counts.set(key, (counts.get(key) ?? 0) + 1);
  }
}

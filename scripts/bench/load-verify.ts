// The checks after `npm run bench:load`, through the API as readers and the moderator see it:
// likes (each visitor's own state, and every count equal to the likes the visitors left) and
// comments (each accepted one stored exactly once, where it was sent, with the sender's address).
import { OPEN_IMAGE_PARAM } from '#lib/gallery-urls.ts';
import { type LikeCounts, readLikeCounts, type Targets } from './load-targets.ts';
import type { SentComment, Visitor } from './load-visitor.ts';
import type { Check } from './checks.ts';
import { api, type BenchServer } from './site-server.ts';

/** A few examples of what went wrong, enough to start looking. */
const examples = (problems: string[]) =>
  problems.length === 0 ? '' : `: ${problems.slice(0, 3).join('; ')}${problems.length > 3 ? '; …' : ''}`;
const check = (name: string, problems: string[], detail: string): Check => ({
  name,
  pass: problems.length === 0,
  detail: `${detail}${examples(problems)}`,
});

/** Runs `task` for every item, `width` at a time. */
async function eachLimited<T>(items: T[], width: number, task: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await task(items[next++]!);
  };
  await Promise.all(Array.from({ length: width }, worker));
}

export async function verifyLikes(server: BenchServer, targets: Targets, visitors: Visitor[], before: LikeCounts): Promise<Check[]> {
  // Each visitor asks, with its own cookie, whether it likes what it toggled.
  const stateProblems: string[] = [];
  let asked = 0;
  await eachLimited(visitors, 16, async (visitor) => {
    for (const key of new Set([...visitor.liked.keys(), ...visitor.likeUnknown])) {
      const [type, id] = key.split(':');
      const path = type === 'chapter' ? `/api/chapters/like?chapter_id=${id}` : `/api/images/gallery-stats?image_id=${id}`;
      const answer = await visitor.send(null, path);
      if (answer?.status !== 200) throw new Error(`${path} answered ${answer?.status ?? 'nothing'} while verifying`);
      const body = JSON.parse(new TextDecoder().decode(answer.body)) as { user_liked?: boolean; liked?: boolean };
      const liked = body.user_liked ?? body.liked;
      asked++;
      if (visitor.likeUnknown.delete(key))
        visitor.liked.set(key, liked!); // lost answer: now known
      else if (liked !== visitor.liked.get(key))
        stateProblems.push(`reader ${visitor.index} ${key}: expected ${visitor.liked.get(key)}, stored ${liked}`);
    }
  });

  const disagreements = visitors.flatMap((visitor) => visitor.likeDisagreements.map((problem) => `reader ${visitor.index} ${problem}`));
  const togglesAnswered = check(
    'every like answer matched the toggle (user_liked)',
    disagreements,
    `${disagreements.length} disagreeing answers`,
  );

  const expected: LikeCounts = new Map(before);
  for (const visitor of visitors) visitor.addLikesTo(expected);
  const after = await readLikeCounts(server.base, targets);
  const countProblems: string[] = [];
  for (const [key, count] of after) {
    if (count !== expected.get(key)) countProblems.push(`${key}: ${count} liked, expected ${expected.get(key)}`);
  }
  const liked = [...after.values()].reduce((sum, count) => sum + count, 0) - [...before.values()].reduce((sum, count) => sum + count, 0);
  return [
    togglesAnswered,
    check("each reader's stored like state is the one its toggles left", stateProblems, `${asked} (reader, target) pairs asked`),
    check(
      'every like count = demo likes + readers whose last toggle liked',
      countProblems,
      `${after.size} chapters and images, ${liked >= 0 ? '+' : ''}${liked} likes in all`,
    ),
  ];
}

type ModerationRow = { content: string; comment_type: 'chapter' | 'image'; ip_address: string | null; content_link: string };
const MODERATION_PAGE = 500;

/** Every stored comment of this run, through the Moderation Manager's list (all statuses). */
async function storedComments(server: BenchServer, runId: string): Promise<ModerationRow[]> {
  const rows: ModerationRow[] = [];
  for (let page = 1; ; page++) {
    type List = { comments: ModerationRow[]; total: number };
    const { body } = await api<List>(server.base, `/api/admin/comments/list?page=${page}&limit=${MODERATION_PAGE}`, {
      cookie: server.cookie,
    });
    rows.push(...body.comments.filter((row) => row.content.includes(runId)));
    if (body.comments.length < MODERATION_PAGE) return rows;
  }
}

export async function verifyComments(server: BenchServer, targets: Targets, visitors: Visitor[], runId: string): Promise<Check[]> {
  const sent = visitors.flatMap((visitor) => visitor.comments);
  const accepted = sent.filter((comment) => comment.status !== null && comment.status < 300);
  const unknown = new Set(sent.filter((comment) => comment.status === null || comment.status >= 500).map((comment) => comment.content));
  const stored = new Map<string, ModerationRow[]>();
  for (const row of await storedComments(server, runId)) stored.set(row.content, [...(stored.get(row.content) ?? []), row]);

  const chapterNumber = new Map(targets.chapters.map((chapter) => [chapter.id, chapter.number]));
  const linkEnd = (comment: SentComment) =>
    comment.type === 'chapter' ? `/chapter/${chapterNumber.get(comment.targetId)}/` : `?${OPEN_IMAGE_PARAM}=${comment.targetId}`;

  const countProblems: string[] = [];
  const placeProblems: string[] = [];
  for (const comment of accepted) {
    const rows = stored.get(comment.content) ?? [];
    if (rows.length !== 1) countProblems.push(`"${comment.content.slice(0, 60)}…" stored ${rows.length} times`);
    for (const row of rows) {
      if (row.comment_type !== comment.type || !row.content_link.endsWith(linkEnd(comment)))
        placeProblems.push(`${comment.type} ${comment.targetId} shown at ${row.content_link}`);
      if (row.ip_address !== comment.address) placeProblems.push(`sent from ${comment.address}, stored as ${row.ip_address}`);
    }
  }
  const acceptedTexts = new Set(accepted.map((comment) => comment.content));
  const strays = [...stored.keys()].filter((content) => !acceptedTexts.has(content) && !unknown.has(content));
  const lostAnswers = [...stored.keys()].filter((content) => unknown.has(content)).length;
  return [
    check('every accepted comment is stored exactly once', countProblems, `${accepted.length} accepted of ${sent.length} sent`),
    check("each on the chapter or image it was sent to, with the reader's address", placeProblems, `${stored.size} stored`),
    check(
      'no refused comment was stored',
      strays.map((content) => `"${content.slice(0, 60)}…"`),
      `${lostAnswers} stored whose answer was lost`,
    ),
  ];
}

// The events of bench:analytics' ingest load, as the reader's pages send them
// (src/scripts/analytics.ts): visits by readers, each from its own address (X-Forwarded-For,
// 198.18.0.0/15 and 2001:db8::/32, the ranges set aside for benchmarks and documentation), with
// its own browser and session id. A visit opens the landing page, a story and some chapters
// (leaving a reading depth on each), or a gallery and some of its images. About a third of the
// visits are by a reader who came before (same address, browser and session).
import { api } from './site-server.ts';
import {
  chapterTitle,
  galleryTitle,
  NO_REFERRER_SHARE,
  REFERRER_HOSTS,
  skewedIndex,
  storyTitle,
  USER_AGENT_DRAW,
} from './analytics-audience.ts';
import { chapterPath, storyPath } from '#lib/reader-urls.ts';
import { galleryPath } from '#lib/gallery-urls.ts';

export interface LiveCatalogue {
  stories: { slug: string; title: string; chapters: number[] }[];
  galleries: { slug: string; title: string; imageIds: number[] }[];
}

/** The published stories, their chapters, the galleries and their first images, read through the public API as the pages do. */
export async function readCatalogue(base: string): Promise<LiveCatalogue> {
  type Stories = { stories: { slug: string; title: string }[] };
  type Chapters = { chapters: { chapter_number: number }[] };
  type Galleries = { galleries: { id: number; slug: string; title: string }[] };
  type Images = { images: { id: number }[] };
  const { body: storyList } = await api<Stories>(base, '/api/stories/list?status=published');
  const { body: galleryList } = await api<Galleries>(base, '/api/galleries/list?page=1&limit=1000');
  const catalogue: LiveCatalogue = { stories: [], galleries: [] };
  for (const story of storyList.stories) {
    const { body } = await api<Chapters>(base, `/api/chapters/list?story_slug=${encodeURIComponent(story.slug)}`);
    if (body.chapters.length > 0) catalogue.stories.push({ ...story, chapters: body.chapters.map((chapter) => chapter.chapter_number) });
  }
  for (const gallery of galleryList.galleries) {
    const { body } = await api<Images>(base, `/api/images/gallery-list?gallery_id=${gallery.id}&page=1&limit=100`);
    catalogue.galleries.push({ slug: gallery.slug, title: gallery.title, imageIds: body.images.map((image) => image.id) });
  }
  if (catalogue.stories.length === 0 || catalogue.galleries.length === 0)
    throw new Error('the site has no published story with chapters or no gallery');
  return catalogue;
}

interface Reader {
  address: string;
  userAgent: string;
  sessionId: string;
}

/** One event's body, as POST /api/analytics/ingest takes it. */
type IngestEvent = Record<string, unknown>;

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!;
const RETURNING_SHARE = 0.3;

function newReader(number: number): Reader {
  // 2^17 IPv4 addresses, then one IPv6 /64 each: rate limits count an IPv6 /64 as one address.
  const address =
    number % 7 === 6
      ? `2001:db8:${(number >> 16).toString(16)}:${(number & 0xffff).toString(16)}::1`
      : `198.${18 + ((number >> 16) & 1)}.${(number >> 8) & 0xff}.${number & 0xff}`;
  return { address, userAgent: pick(USER_AGENT_DRAW), sessionId: crypto.randomUUID() };
}

/** The events of one visit, in the order a reader's pages send them. */
function visitEvents(catalogue: LiveCatalogue): IngestEvent[] {
  const referrer =
    Math.random() < NO_REFERRER_SHARE ? null : `https://${REFERRER_HOSTS[skewedIndex(Math.random(), REFERRER_HOSTS.length)]}/`;
  const page = (url_path: string, title: string, extra: IngestEvent[] = []) => [
    { event_type: 'page_view', url_path, referrer, meta: { title } },
    ...extra.map((event) => ({ url_path, referrer, ...event })),
  ];
  const events: IngestEvent[] = [];
  if (Math.random() < 0.15) events.push(...page('/', 'Storytime'));
  if (Math.random() < 0.7) {
    const story = catalogue.stories[skewedIndex(Math.random(), catalogue.stories.length)]!;
    events.push(
      ...page(`${storyPath(story.slug)}/`, storyTitle(story.title), [
        { event_type: 'story_view', content_type: 'story', content_id: story.slug },
      ]),
    );
    // Most readers start at chapter 1 and read one to four chapters on.
    const first = story.chapters[Math.random() < 0.6 ? 0 : skewedIndex(Math.random(), story.chapters.length)]!;
    for (const number of story.chapters.filter((n) => n >= first).slice(0, 1 + Math.floor(Math.random() * 4))) {
      const ids = { content_type: 'chapter', content_id: String(number), parent_type: 'story', parent_id: story.slug };
      const depth = Math.random() < 0.4 ? 1 : Math.round(Math.random() * 1000) / 1000;
      events.push(
        ...page(`${chapterPath(story.slug, number)}/`, chapterTitle(story.title, number), [
          { event_type: 'chapter_view', ...ids },
          { event_type: 'chapter_depth', ...ids, value_num: depth, meta: { time_ms: Math.round(5_000 + depth * 400_000 * Math.random()) } },
        ]),
      );
    }
  } else {
    const gallery = pick(catalogue.galleries);
    const images = gallery.imageIds.slice(0, Math.floor(Math.random() * 4)).map((id) => ({
      event_type: 'image_view',
      content_type: 'image',
      content_id: String(id),
      parent_type: 'gallery',
      parent_id: gallery.slug,
    }));
    events.push(
      ...page(`${galleryPath(gallery.slug)}/`, galleryTitle(gallery.title), [
        { event_type: 'gallery_view', content_type: 'gallery', content_id: gallery.slug },
        ...images,
      ]),
    );
  }
  return events;
}

/** An endless stream of readers' visits; each autocannon connection draws its next request from one. */
export class VisitStream {
  private readonly readers: Reader[] = [];
  private reader: Reader | null = null;
  private pending: IngestEvent[] = [];

  private readonly catalogue: LiveCatalogue;
  /** Shared by every stream, so no two readers share an address by accident. */
  private readonly nextReaderNumber: () => number;

  constructor(catalogue: LiveCatalogue, nextReaderNumber: () => number) {
    this.catalogue = catalogue;
    this.nextReaderNumber = nextReaderNumber;
  }

  next(): { headers: Record<string, string>; body: string } {
    if (this.pending.length === 0 || !this.reader) {
      const returning = this.readers.length > 0 && Math.random() < RETURNING_SHARE;
      this.reader = returning ? pick(this.readers) : newReader(this.nextReaderNumber());
      if (!returning) this.readers.push(this.reader);
      this.pending = visitEvents(this.catalogue);
    }
    const event = this.pending.shift()!;
    return {
      headers: { 'user-agent': this.reader.userAgent, 'x-forwarded-for': this.reader.address },
      body: JSON.stringify({ ...event, session_id: this.reader.sessionId }),
    };
  }
}

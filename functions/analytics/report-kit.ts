// Fixtures for the report tests: events written straight into analytics_events with the time,
// visitor key and session each test needs (the ingest would stamp "now" and hash the key itself),
// the stories, chapters and galleries they point at, and an admin's calls to the report routes.
import type { Insertable } from 'kysely';
import { afterEach, beforeEach, expect, vi } from 'vitest';
import type { AnalyticsEventTable } from '#db/types.ts';
import type { ApiTestContext } from '#scripts/test/api.ts';
import { galleryPath } from '#lib/gallery-urls.ts';
import { chapterPath, storyPath } from '#lib/reader-urls.ts';
import { setClock } from './test-kit.ts';

type EventRow = Insertable<AnalyticsEventTable>;
/** One stored event: when it happened (ISO, UTC) and who sent it, the rest as the row has it. */
export type FixtureEvent = Partial<Omit<EventRow, 'meta'>> & { at: string; visitor: string; meta?: Record<string, unknown> };

export async function insertEvents(t: ApiTestContext, events: FixtureEvent[]): Promise<void> {
  if (events.length === 0) return;
  const rows: EventRow[] = events.map(({ at, visitor, meta, ...row }) => ({
    event_type: 'page_view',
    url_path: '/',
    device: 'desktop',
    browser: 'Chrome',
    ...row,
    visitor_hash: visitor,
    meta: JSON.stringify(meta ?? {}),
    created_at: new Date(at),
  }));
  await t.database.db.insertInto('analytics_events').values(rows).execute();
}

// The events the reader's pages send (docs/product.md, What the pages record), as src/scripts/analytics.ts fills them in.
export const page = (at: string, visitor: string, url_path = '/', extra: Partial<FixtureEvent> = {}): FixtureEvent => ({
  at,
  visitor,
  url_path,
  ...extra,
});
export const storyView = (at: string, visitor: string, slug: string): FixtureEvent => ({
  at,
  visitor,
  event_type: 'story_view',
  url_path: storyPath(slug),
  content_type: 'story',
  content_id: slug,
});
export const chapterView = (at: string, visitor: string, slug: string, chapter: number): FixtureEvent => ({
  at,
  visitor,
  event_type: 'chapter_view',
  url_path: chapterPath(slug, chapter),
  content_type: 'chapter',
  content_id: String(chapter),
  parent_type: 'story',
  parent_id: slug,
});
export const chapterDepth = (
  at: string,
  visitor: string,
  slug: string,
  chapter: number,
  depth: number,
  time_ms?: number,
): FixtureEvent => ({
  ...chapterView(at, visitor, slug, chapter),
  event_type: 'chapter_depth',
  value_num: depth,
  ...(time_ms === undefined ? {} : { meta: { time_ms } }),
});
export const galleryView = (at: string, visitor: string, slug: string): FixtureEvent => ({
  at,
  visitor,
  event_type: 'gallery_view',
  url_path: galleryPath(slug),
  content_type: 'gallery',
  content_id: slug,
});
export const imageView = (at: string, visitor: string, id: string): FixtureEvent => ({
  at,
  visitor,
  event_type: 'image_view',
  url_path: galleryPath('x'),
  content_type: 'image',
  content_id: id,
});

/** A story with chapters numbered from 1, each [title, status]. */
export async function createStory(
  t: ApiTestContext,
  slug: string,
  title: string,
  chapters: [title: string, status?: 'published' | 'draft'][] = [],
  status: 'published' | 'draft' | 'archived' = 'published',
): Promise<void> {
  const db = t.database.db;
  const { id } = await db.insertInto('stories').values({ slug, title, status }).returning('id').executeTakeFirstOrThrow();
  if (chapters.length === 0) return;
  await db
    .insertInto('chapters')
    .values(
      chapters.map(([chapterTitle, chapterStatus = 'published'], i) => ({
        story_id: id,
        chapter_number: i + 1,
        slug: `chapter-${i + 1}`,
        title: chapterTitle,
        content: 'Text.',
        status: chapterStatus,
      })),
    )
    .execute();
}

export async function createGallery(t: ApiTestContext, slug: string, title: string, images = 0): Promise<void> {
  const db = t.database.db;
  const { id } = await db.insertInto('galleries').values({ slug, title, rating: 'PG' }).returning('id').executeTakeFirstOrThrow();
  for (let i = 0; i < images; i++)
    await db
      .insertInto('gallery_images')
      .values({ gallery_id: id, src: `/images/${slug}-${i}.png` })
      .execute();
}

export interface ReportAnswer {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: each test reads the report it asked for
  body: { success: boolean; data?: any; error?: string };
}

/** GET a report route as the given session (an admin's, unless told). */
export async function getReport(t: ApiTestContext, pathAndQuery: string, cookie?: string): Promise<ReportAnswer> {
  const res = await t.call(`/api/admin/analytics/${pathAndQuery}`, cookie === undefined ? {} : { cookie });
  return { status: res.status, body: await res.json() };
}

/** The data of a successful report, failing the test with the answer otherwise. */
// biome-ignore lint/suspicious/noExplicitAny: each test reads the report it asked for
export async function reportData(t: ApiTestContext, cookie: string, pathAndQuery: string): Promise<any> {
  const { status, body } = await getReport(t, pathAndQuery, cookie);
  expect(status, JSON.stringify(body)).toBe(200);
  expect(body.success).toBe(true);
  return body.data;
}

/**
 * The report tests' set-up: the clock at `now` (Date only) and a signed-in admin in each test.
 * `session.cookie` is the admin's (read it inside a test); `report` answers a call's data.
 */
export function useAdminReports(t: ApiTestContext, now: string) {
  const session = { cookie: '' };
  beforeEach(async () => {
    setClock(now);
    session.cookie = await t.signedInAs('admin');
  });
  afterEach(() => vi.useRealTimers());
  return { session, report: (pathAndQuery: string) => reportData(t, session.cookie, pathAndQuery) };
}

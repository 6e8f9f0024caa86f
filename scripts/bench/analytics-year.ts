// bench:analytics part 2's data: a catalogue of published stories and galleries and a year of
// readers' events on it, written straight into the database (INSERT ... SELECT over
// generate_series: a million events through the API would take longer than the bench itself).
// Every day of the last 365 gets its share (busier lately, on weekends and in the evening, UTC);
// chapter 1 is read most and later chapters ever less; the first stories are the most popular.
// Visitor keys are 64-hex hashes, new each day as the real ones are: most belong to a day's
// single visits, and ~30% of a day's events come from a few regulars who return all day.
import { type Kysely, sql } from 'kysely';
import type { Database } from '#db/types.ts';
import { chapterPath, storyPath } from '#lib/reader-urls.ts';
import { galleryPath } from '#lib/gallery-urls.ts';
import {
  BROWSER_DRAW,
  chapterTitle,
  DEVICE_DRAW,
  galleryTitle,
  NO_REFERRER_SHARE,
  REFERRER_HOSTS,
  storyTitle,
} from './analytics-audience.ts';
import { insertCatalogue } from './catalogue.ts';
import { insertGalleryCatalogue } from './gallery-data.ts';

export const YEAR = { stories: 20, chaptersPerStory: 30, galleries: 20, imagesPerGallery: 30, days: 365 };
const DAY_MS = 24 * 60 * 60 * 1000;
/** Days written per statement: about 80,000 rows, so the embedded database's memory stays small. */
const DAYS_PER_STATEMENT = 30;
const REGULARS_PER_DAY = 60;

/** A small seeded generator, so every run writes the same shape of year. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** Events per day, oldest first, adding up to `total`: a slow rise over the year, weekends busier, and noise. */
function eventsPerDay(total: number, days: number, today: Date): number[] {
  const next = random(365);
  const weights = Array.from({ length: days }, (_, i) => {
    const weekday = new Date(today.getTime() - (days - 1 - i) * DAY_MS).getUTCDay();
    return (0.7 + (0.6 * i) / days) * (weekday === 0 || weekday === 6 ? 1.25 : 1) * (0.75 + 0.5 * next());
  });
  const sum = weights.reduce((a, b) => a + b, 0);
  const counts = weights.map((w) => Math.floor((total * w) / sum));
  const remainder = total - counts.reduce((a, b) => a + b, 0); // fewer than `days`: one more on as many days
  return counts.map((count, i) => count + (i < remainder ? 1 : 0));
}

/** What the events point at: the catalogue's pages by index (story * chapters + chapter - 1), as arrays for SQL. */
async function insertContent(db: Kysely<Database>) {
  await insertCatalogue(db, { stories: YEAR.stories, chaptersPerStory: YEAR.chaptersPerStory, wordsPerChapter: 300 });
  await insertGalleryCatalogue(db, YEAR.galleries, YEAR.imagesPerGallery);
  const stories = await db.selectFrom('stories').select(['slug', 'title']).orderBy('id').execute();
  const galleries = await db
    .selectFrom('galleries')
    .innerJoin('gallery_images', 'gallery_images.gallery_id', 'galleries.id')
    .select((eb) => [
      'galleries.slug',
      'galleries.title',
      eb.fn.min('gallery_images.id').as('first_image'),
      eb.fn.countAll<number>().as('images'),
    ])
    .groupBy(['galleries.id', 'galleries.slug', 'galleries.title'])
    .orderBy('galleries.id')
    .execute();
  const chapters = stories.flatMap((story) => Array.from({ length: YEAR.chaptersPerStory }, (_, i) => ({ story, number: i + 1 })));
  return {
    storySlugs: stories.map((s) => s.slug),
    storyPaths: stories.map((s) => `${storyPath(s.slug)}/`),
    storyTitles: stories.map((s) => storyTitle(s.title)),
    chapterPaths: chapters.map((c) => `${chapterPath(c.story.slug, c.number)}/`),
    chapterTitles: chapters.map((c) => chapterTitle(c.story.title, c.number)),
    gallerySlugs: galleries.map((g) => g.slug),
    galleryPaths: galleries.map((g) => `${galleryPath(g.slug)}/`),
    galleryTitles: galleries.map((g) => galleryTitle(g.title)),
    firstImages: galleries.map((g) => Number(g.first_image)),
    imageCounts: galleries.map((g) => Number(g.images)),
  };
}

type Content = Awaited<ReturnType<typeof insertContent>>;

/** One statement's worth of days: each day's start, its number of events, and how many seconds of it have passed (a day, except today). */
function insertDays(db: Kysely<Database>, c: Content, days: { start: Date; events: number; seconds: number }[]) {
  const text = (values: string[]) => sql`${values}::text[]`;
  return sql`
    insert into analytics_events (event_type, session_id, visitor_hash, url_path, referrer, content_type, content_id, parent_type, parent_id, value_num, meta, device, browser, created_at)
    select
      event_type,
      md5('session ' || visitor)::uuid::text,
      encode(sha256(convert_to(visitor, 'UTF8')), 'hex'),
      case
        when event_type in ('story_view') then (${text(c.storyPaths)})[story + 1]
        when event_type in ('chapter_view', 'chapter_depth') then (${text(c.chapterPaths)})[story * ${YEAR.chaptersPerStory} + chapter]
        when event_type in ('gallery_view', 'image_view') then (${text(c.galleryPaths)})[gallery + 1]
        when page < 0.12 then '/'
        when page < 0.17 then '/storytime/'
        when page < 0.30 then (${text(c.storyPaths)})[story + 1]
        when page < 0.80 then (${text(c.chapterPaths)})[story * ${YEAR.chaptersPerStory} + chapter]
        when page < 0.88 then '/galleries/'
        else (${text(c.galleryPaths)})[gallery + 1]
      end,
      case when referred < ${NO_REFERRER_SHARE} then null else (${text([...REFERRER_HOSTS])})[1 + floor(${REFERRER_HOSTS.length} * referrer_pick * referrer_pick)::int] end,
      case event_type when 'story_view' then 'story' when 'gallery_view' then 'gallery' when 'image_view' then 'image' when 'page_view' then null else 'chapter' end,
      case event_type
        when 'story_view' then (${text(c.storySlugs)})[story + 1]
        when 'gallery_view' then (${text(c.gallerySlugs)})[gallery + 1]
        when 'image_view' then ((${sql`${c.firstImages}::int[]`})[gallery + 1] + floor(image * (${sql`${c.imageCounts}::int[]`})[gallery + 1]))::text
        when 'page_view' then null
        else chapter::text
      end,
      case when event_type in ('chapter_view', 'chapter_depth') then 'story' when event_type = 'image_view' then 'gallery' end,
      case when event_type in ('chapter_view', 'chapter_depth') then (${text(c.storySlugs)})[story + 1] when event_type = 'image_view' then (${text(c.gallerySlugs)})[gallery + 1] end,
      case when event_type = 'chapter_depth' then depth end,
      case event_type
        when 'chapter_depth' then jsonb_build_object('time_ms', round(5000 + depth * 400000 * reading_pace))
        when 'page_view' then jsonb_build_object('title', case
          when page < 0.12 then 'Storytime' when page < 0.17 then 'Stories | Storytime'
          when page < 0.30 then (${text(c.storyTitles)})[story + 1]
          when page < 0.80 then (${text(c.chapterTitles)})[story * ${YEAR.chaptersPerStory} + chapter]
          when page < 0.88 then 'Galleries | Storytime'
          else (${text(c.galleryTitles)})[gallery + 1] end)
        else '{}'::jsonb
      end,
      (${text(DEVICE_DRAW)})[agent + 1],
      (${text(BROWSER_DRAW)})[agent + 1],
      day_start + make_interval(secs => at_second)
    from (
      select *,
        case when kind < 0.40 then 'page_view' when kind < 0.48 then 'story_view' when kind < 0.73 then 'chapter_view'
             when kind < 0.88 then 'chapter_depth' when kind < 0.94 then 'gallery_view' else 'image_view' end as event_type
      from (
        -- Volatile columns keep this subquery from being merged into the outer ones: each row's draws are made once.
        select
          d.day_start,
          d.day_start::date || case when random() < 0.3 then ' regular ' || floor(random() * ${REGULARS_PER_DAY}) else ' visit ' || floor(random() * d.events / 4) end as visitor,
          random() as kind, random() as page, random() as referred, random() as referrer_pick, random() as image, random() as reading_pace,
          floor(${YEAR.stories} * random() * random())::int as story,
          least(${YEAR.chaptersPerStory}, 1 + floor(-ln(1 - random()) * 6))::int as chapter,
          floor(${YEAR.galleries} * random())::int as gallery,
          floor(${DEVICE_DRAW.length} * random())::int as agent,
          case when random() < 0.4 then 1 else round(random()::numeric, 3)::float8 end as depth,
          -- Evenings (UTC) are busiest; today's events all lie in the part of today that has passed.
          case when d.seconds < 86400 then random() * d.seconds
               else mod((72000 + 28800 * (random() + random() + random() - 1.5))::int + 86400, 86400) end as at_second
        from unnest(${sql`${days.map((d) => d.start.toISOString())}::timestamptz[]`}, ${sql`${days.map((d) => d.events)}::int[]`}, ${sql`${days.map((d) => d.seconds)}::float8[]`})
          as d(day_start, events, seconds)
        cross join lateral generate_series(1, d.events)
      ) as draws
    ) as events`.execute(db);
}

/** Writes the catalogue and `total` events over the last YEAR.days UTC days (today included, up to a minute ago). */
export async function insertYearOfEvents(db: Kysely<Database>, total: number, now = new Date()): Promise<void> {
  const content = await insertContent(db);
  const today = new Date(Math.floor(now.getTime() / DAY_MS) * DAY_MS);
  const counts = eventsPerDay(total, YEAR.days, today);
  const days = counts.map((events, i) => {
    const start = new Date(today.getTime() - (YEAR.days - 1 - i) * DAY_MS);
    return { start, events, seconds: i === YEAR.days - 1 ? Math.max(1, (now.getTime() - start.getTime()) / 1000 - 60) : 86400 };
  });
  await sql`select setseed(0.42)`.execute(db);
  for (let i = 0; i < days.length; i += DAYS_PER_STATEMENT) await insertDays(db, content, days.slice(i, i + DAYS_PER_STATEMENT));
}

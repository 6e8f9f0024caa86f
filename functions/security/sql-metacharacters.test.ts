// Security suite (docs/product.md, Security): SQL metacharacters in every text field and every query parameter.
// Queries are built by Kysely with bound parameters, so quotes, comments and LIKE wildcards are
// only text: a field stores them as sent, a query parameter is refused (400) or finds nothing it
// should not, and nothing ever answers 500.
import { beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';
import { galleryTestKit } from '#functions/images/test-kit.ts';

const t = useApiTestContext();
const chapters = chapterTestKit(t);
const galleries = galleryTestKit(t);

/** Each of the characters SQL gives a meaning to, alone and as classic injections. */
const METACHARACTERS = [`'`, `"`, `;`, `--`, `/* */`, `' OR '1'='1`, `%`, `_`, `\\`, `'; DROP TABLE stories; --`, `$1`, `\\'`, `%' --`];
/** All of them in one text, which a text field must store exactly as sent. */
const ALL = `Robert'); DROP TABLE stories;-- " /* */ ' OR '1'='1 %_\\ $1 \\' %' --`;

let cookie: string;
let storyId: number;
let chapterId: number;
let galleryId: number;
let imageId: number;

beforeEach(async () => {
  cookie = await t.signedInAs('admin');
  storyId = await chapters.insertStory('the-lantern-fleet');
  chapterId = (await chapters.insertChapters(storyId, { chapter_number: 1 }))[0]!;
  galleryId = await galleries.insertGallery('field-studies');
  imageId = (await galleries.insertImages(galleryId, { title: 'Duck study' }))[0]!;
});

async function json(path: string): Promise<Record<string, unknown>> {
  const res = await t.call(path, { cookie });
  expect(res.status, path).toBe(200);
  return res.json();
}

interface WriteCase {
  route: string;
  /** The request body with `value` in the field under test. */
  body: (value: string) => Record<string, unknown>;
  /** The stored value of that field, read back through the API. */
  readBack: () => Promise<unknown>;
}

const storyField = (field: string): WriteCase[] => [
  {
    route: `/api/stories/create ${field}`,
    body: (value) => ({ title: 'Metacharacters', slug: 'meta-story', status: 'published', [field]: value }),
    readBack: async () => ((await json('/api/stories/list?slug=meta-story')) as { stories: Record<string, unknown>[] }).stories[0]![field],
  },
  {
    route: `/api/stories/update ${field}`,
    body: (value) => ({ id: storyId, [field]: value }),
    readBack: async () =>
      ((await json('/api/stories/list?slug=the-lantern-fleet')) as { stories: Record<string, unknown>[] }).stories[0]![field],
  },
];
const chapterField = (field: string): WriteCase[] => {
  const stored = async (number: number) =>
    ((await json(`/api/chapters/list?story_slug=the-lantern-fleet&chapter_number=${number}`)) as { chapters: Record<string, unknown>[] })
      .chapters[0]![field];
  return [
    {
      route: `/api/chapters/create ${field}`,
      body: (value) => ({
        story_id: storyId,
        title: 'Two',
        slug: 'two',
        content: 'Text.',
        chapter_number: 2,
        status: 'published',
        [field]: value,
      }),
      readBack: () => stored(2),
    },
    { route: `/api/chapters/update ${field}`, body: (value) => ({ id: chapterId, [field]: value }), readBack: () => stored(1) },
  ];
};
const galleryField = (field: string): WriteCase[] => {
  const stored = async (slug: string) =>
    ((await json('/api/galleries/list')) as { galleries: Record<string, unknown>[] }).galleries.find((g) => g['slug'] === slug)![field];
  return [
    {
      route: `/api/galleries/create ${field}`,
      body: (value) => ({ title: 'Metacharacters', slug: 'meta-gallery', [field]: value }),
      readBack: () => stored('meta-gallery'),
    },
    {
      route: `/api/galleries/update ${field}`,
      body: (value) => ({ id: galleryId, [field]: value }),
      readBack: () => stored('field-studies'),
    },
  ];
};
const imageField = (field: string): WriteCase => ({
  route: `/api/images/gallery-update ${field}`,
  body: (value) => ({ id: imageId, [field]: value }),
  readBack: async () =>
    ((await json(`/api/images/gallery-list?gallery_id=${galleryId}`)) as { images: Record<string, unknown>[] }).images[0]![field],
});
const commentField = (route: string, field: string, target: () => Record<string, number>): WriteCase => ({
  route: `${route} ${field}`,
  body: (value) => ({ author_name: 'Reader', content: 'A comment.', ...target(), [field]: value }),
  readBack: async () => ((await json('/api/admin/comments/list')) as { comments: Record<string, unknown>[] }).comments[0]![field],
});

const WRITES: WriteCase[] = [
  ...['name', 'bio', 'tagline'].map((field) => ({
    route: `/api/author/update ${field}`,
    body: (value: string) => ({ name: 'Ada', [field]: value }),
    readBack: async () => ((await json('/api/author/get')) as { profile: Record<string, unknown> }).profile[field],
  })),
  {
    // A URL holds no whitespace or backslash (those are refused as unsafe); the rest it may hold.
    route: '/api/socials/update (a URL with metacharacters in its path and query)',
    body: (value) => ({ twitter: `https://x.example/o'brien;--/*x*/_%25?q=${value.replace(/[\s\\]/g, '')}` }),
    readBack: async () => {
      const { socials } = (await json('/api/socials/get')) as { socials: Record<string, string> | { platform: string; url: string }[] };
      const url = Array.isArray(socials) ? socials.find((s) => s.platform === 'twitter')?.url : socials['twitter'];
      return url;
    },
  },
  ...['title', 'description', 'blurb', 'primary_keywords', 'longtail_keywords', 'target_audience'].flatMap(storyField),
  ...['title', 'content'].flatMap(chapterField),
  ...['title', 'description'].flatMap(galleryField),
  imageField('title'),
  imageField('alt_text'),
  commentField('/api/chapters/comments/create', 'author_name', () => ({ chapter_id: chapterId })),
  commentField('/api/chapters/comments/create', 'content', () => ({ chapter_id: chapterId })),
  commentField('/api/images/gallery-comment-create', 'author_name', () => ({ image_id: imageId })),
  commentField('/api/images/gallery-comment-create', 'content', () => ({ image_id: imageId })),
  {
    route: '/api/admin/ban-ip reason',
    body: (value) => ({ ip_address: '192.0.2.7', reason: value }),
    readBack: async () =>
      ((await json('/api/admin/banned-ips/list')) as { banned_ips: Record<string, unknown>[] }).banned_ips[0]!['reason'],
  },
];

describe('SQL metacharacters in text fields', () => {
  it.each(WRITES.map((write) => [write.route, write] as const))('%s stores them verbatim', async (_route, write) => {
    const value = write.route.includes('socials') ? write.body(ALL)['twitter'] : ALL;
    const res = await t.call(write.route.split(' ')[0]!, { cookie, json: write.body(ALL) });
    expect(res.status, await res.clone().text()).toBeLessThan(300);
    expect(await write.readBack()).toBe(value);
    // The tables are all still there.
    expect((await t.call('/api/stories/list?status=published', { cookie })).status).toBe(200);
  });

  it('a username or password made of metacharacters is just a failed sign-in', async () => {
    for (const value of METACHARACTERS) {
      const res = await t.call('/api/auth/login', { json: { username: value, password: value }, ip: '192.0.2.50' });
      expect(res.status, value).toBe(401);
    }
    const tooLong = await t.call('/api/auth/login', { json: { username: ALL, password: ALL }, ip: '192.0.2.50' });
    expect(tooLong.status).toBe(400); // longer than a username may be
    const asAdmin = await t.call('/api/auth/login', { json: { username: `admin-user' --`, password: 'x' }, ip: '192.0.2.51' });
    expect(asAdmin.status).toBe(401);
  });

  it('a new password made of metacharacters works', async () => {
    const res = await t.call('/api/auth/change-password', { cookie, json: { currentPassword: 'correct horse battery', newPassword: ALL } });
    expect(res.status).toBe(200);
    expect((await t.call('/api/auth/login', { json: { username: 'admin-user', password: ALL } })).status).toBe(200);
  });

  it('an analytics event made of metacharacters is counted, not run', async () => {
    const res = await t.call('/api/analytics/ingest', {
      headers: { 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36' },
      json: { event_type: 'page_view', url_path: `/${ALL}`, content_type: 'story', content_id: ALL, meta: { [ALL]: ALL } },
    });
    expect(res.status).toBeLessThan(300);
  });

  it('the Upload Manager refuses a path made of metacharacters', async () => {
    for (const value of [...METACHARACTERS, ALL]) {
      const res = await t.call('/api/images/manage', { cookie, json: { action: 'delete', path: `covers/${value}` } });
      expect([400, 404], value).toContain(res.status);
    }
  });
});

/** Every query parameter of every GET route; `{v}` is where the hostile value goes. */
const QUERIES = [
  '/api/stories/list?slug={v}',
  '/api/stories/list?status={v}',
  '/api/chapters/list?story_slug={v}',
  '/api/chapters/list?story_id={v}',
  '/api/chapters/list?story_slug=the-lantern-fleet&chapter_number={v}',
  '/api/chapters/list?story_slug=the-lantern-fleet&page={v}',
  '/api/chapters/list?story_slug=the-lantern-fleet&limit={v}',
  '/api/chapters/like?chapter_id={v}',
  '/api/chapters/comments/list?chapter_id={v}',
  '/api/galleries/list?page={v}',
  '/api/galleries/list?limit={v}',
  '/api/images/gallery-list?gallery_id={v}',
  '/api/images/gallery-list?gallery_id={gallery}&q={v}',
  '/api/images/gallery-list?gallery_id={gallery}&page={v}',
  '/api/images/gallery-list?gallery_id={gallery}&limit={v}',
  '/api/images/gallery-stats?image_id={v}',
  '/api/images/gallery-comment-list?image_id={v}',
  '/api/admin/comments/list?status={v}',
  '/api/admin/comments/list?type={v}',
  '/api/admin/comments/list?page={v}',
  '/api/admin/comments/list?limit={v}',
  '/api/uploads/covers/{v}',
  '/api/admin/subscribers?q={v}',
  '/api/admin/subscribers?story_slug={v}',
  '/api/admin/subscribers?status={v}',
  '/api/unsubscribe/info?token={v}',
];

describe('SQL metacharacters in query parameters', () => {
  it.each(QUERIES)('%s never answers 500', async (template) => {
    for (const value of [...METACHARACTERS, ALL, `1 OR 1=1`, `1; DELETE FROM chapters`, `1)--`]) {
      const path = template.replace('{gallery}', String(galleryId)).replace('{v}', encodeURIComponent(value));
      const res = await t.call(path, { cookie });
      expect(res.status, `${path}: ${await res.clone().text()}`).toBeLessThan(500);
      // A number parameter holding SQL is refused, not read as its leading digits.
      if (/(_id|page|limit|chapter_number)=\{v\}/.test(template) && res.status === 200) {
        expect(/^\d+$/.test(value), `${path} was accepted`).toBe(true);
      }
    }
    expect(await chapters.chapterRows()).toHaveLength(1);
  });

  it('a search for LIKE wildcards finds only titles that hold them', async () => {
    await galleries.insertImages(galleryId, { title: '100% duck' }, { title: 'snake_case' }, { title: 'back\\slash' });
    const titles = async (q: string) =>
      (
        (await json(`/api/images/gallery-list?gallery_id=${galleryId}&q=${encodeURIComponent(q)}`)) as { images: { title: string }[] }
      ).images
        .map((image) => image.title)
        .sort();
    expect(await titles('%')).toEqual(['100% duck']);
    expect(await titles('_')).toEqual(['snake_case']);
    expect(await titles('\\')).toEqual(['back\\slash']);
    expect(await titles(`' OR '1'='1`)).toEqual([]);
    expect(await titles('duck')).toEqual(['100% duck', 'Duck study']);
  });
});

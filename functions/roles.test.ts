// Roles enforced in the API (docs/product.md, Who uses it): ONE table of every route that needs a session, with
// the roles allowed. For each route it checks: anonymous 401, every other role 403, every allowed
// role gets past the guard (2xx with a valid minimal request). A route the app serves that is
// neither in the table nor in PUBLIC_ROUTES fails the suite, so a new route cannot be missed.
import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { type CallOptions, useApiTestContext } from '#scripts/test/api.ts';
import { STAFF_ROLES, type StaffRole } from '#db/types.ts';
import { hashTestPassword } from '#scripts/test/passwords.ts';
import { signSessionToken } from './auth/session.ts';
import { userStore } from './auth/store.ts';
import { ANALYTICS_ROLES, ARCHIVE_ROLES, CONTENT_ROLES, MODERATION_ROLES } from './core/roles.ts';
import { exportArchive } from './archive/test-kit.ts';
import { galleryUploadForm, pngBytes } from './images/test-kit.ts';
import { uploadForm } from './uploads/test-kit.ts';

const t = useApiTestContext();

/** The least a Word document holds: one paragraph. */
const minimalDocx = () =>
  zipSync({
    '[Content_Types].xml': strToU8('<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>'),
    'word/document.xml': strToU8(
      '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Text.</w:t></w:r></w:p></w:body></w:document>',
    ),
  });

/** Routes anyone may call (readers' pages, sign-in). Staff-only data they hold is checked in their own suites. */
const PUBLIC_ROUTES = [
  'POST /api/auth/login',
  'POST /api/auth/logout',
  'GET /api/author/get',
  'GET /api/socials/get',
  'GET /api/galleries/list',
  'GET /api/images/gallery-list',
  'GET /api/images/gallery-stats',
  'POST /api/images/gallery-like',
  'GET /api/images/gallery-comment-list',
  'POST /api/images/gallery-comment-create',
  'GET /api/uploads/*',
  'GET /api/stories/list', // drafts only for content staff: functions/stories/stories.test.ts
  'GET /api/chapters/list', // drafts only for content staff: functions/chapters/chapters.test.ts
  'GET /api/chapters/go', // published chapters only: functions/chapters/go.test.ts
  'GET /api/chapters/like',
  'POST /api/chapters/like',
  'GET /api/chapters/comments/list',
  'POST /api/chapters/comments/create',
  'POST /api/analytics/ingest',
  'POST /api/subscribe',
  'POST /api/subscribe/confirm',
  'GET /api/unsubscribe',
  'GET /api/unsubscribe/info',
  'POST /api/unsubscribe',
];

/** Rows every permitted call can act on, made fresh for each test. */
interface Fixture {
  storyId: number;
  chapterId: number;
  revisionId: number;
  galleryId: number;
  imageId: number;
  /** A second image of the gallery, for moves relative to a neighbour. */
  neighbourId: number;
  commentId: number;
  banId: number;
  subscriberId: number;
}

interface RouteRule {
  roles: readonly StaffRole[];
  /** What a permitted caller sends: a query string and/or a body. Left out: a bare GET or an empty POST. */
  send?: (fx: Fixture) => Promise<RouteRequest> | RouteRequest;
}
/** `params` fill the path's :name parts. */
type RouteRequest = Pick<CallOptions, 'json' | 'body'> & { query?: string; params?: Record<string, string> };

const ANY_STAFF = STAFF_ROLES;

/** Every route that needs a session, by "METHOD path", with who may call it. */
const ROUTES: Record<string, RouteRule> = {
  // Session and profile
  'GET /api/auth/me': { roles: ANY_STAFF },
  'POST /api/auth/logout-everywhere': { roles: ANY_STAFF },
  'POST /api/auth/change-password': {
    roles: ANY_STAFF,
    send: () => ({ json: { currentPassword: PASSWORD, newPassword: 'a new passphrase' } }),
  },
  'POST /api/author/update': { roles: CONTENT_ROLES, send: () => ({ json: { name: 'Ada' } }) },
  'POST /api/socials/update': { roles: CONTENT_ROLES, send: () => ({ json: { website: 'https://example.org' } }) },
  'GET /api/admin/quick-stats': { roles: ANY_STAFF },
  'GET /api/admin/publish-state': { roles: ANY_STAFF },

  // Galleries and images
  'POST /api/galleries/create': { roles: CONTENT_ROLES, send: () => ({ json: { title: 'New', slug: 'new-gallery' } }) },
  'POST /api/galleries/update': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.galleryId, title: 'Renamed' } }) },
  'POST /api/galleries/delete': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.galleryId } }) },
  'POST /api/images/gallery-upload': {
    roles: CONTENT_ROLES,
    send: async (fx) => ({ body: galleryUploadForm(fx.galleryId, [{ name: 'new.png', bytes: await pngBytes() }]) }),
  },
  'POST /api/images/gallery-update': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.imageId, title: 'Renamed' } }) },
  'POST /api/images/gallery-reorder': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.imageId, after_id: fx.neighbourId } }) },
  'POST /api/images/gallery-delete': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.imageId } }) },

  // Stories and chapters
  'POST /api/stories/create': { roles: CONTENT_ROLES, send: () => ({ json: { title: 'New', slug: 'new-story' } }) },
  'POST /api/stories/update': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.storyId, title: 'Renamed' } }) },
  'POST /api/stories/delete': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.storyId } }) },
  'POST /api/stories/schedule': { roles: CONTENT_ROLES, send: (fx) => ({ json: { story_id: fx.storyId, schedule: null } }) },
  'POST /api/chapters/create': {
    roles: CONTENT_ROLES,
    send: (fx) => ({ json: { story_id: fx.storyId, title: 'Two', slug: 'two', content: 'Text.', chapter_number: 2 } }),
  },
  'GET /api/chapters/get': { roles: CONTENT_ROLES, send: (fx) => ({ query: `?id=${fx.chapterId}` }) },
  'POST /api/chapters/update': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.chapterId, title: 'Renamed' } }) },
  'POST /api/chapters/autosave': { roles: CONTENT_ROLES, send: (fx) => ({ json: { chapter_id: fx.chapterId, title: '', content: '' } }) },
  'GET /api/chapters/autosave': { roles: CONTENT_ROLES, send: (fx) => ({ query: `?chapter_id=${fx.chapterId}` }) },
  'GET /api/chapters/revisions': { roles: CONTENT_ROLES, send: (fx) => ({ query: `?chapter_id=${fx.chapterId}` }) },
  'GET /api/chapters/revision': { roles: CONTENT_ROLES, send: (fx) => ({ query: `?id=${fx.revisionId}` }) },
  'POST /api/chapters/revisions/restore': {
    roles: CONTENT_ROLES,
    send: (fx) => ({ json: { id: fx.revisionId, chapter_id: fx.chapterId } }),
  },
  'POST /api/chapters/delete': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.chapterId } }) },
  'POST /api/chapters/move': { roles: CONTENT_ROLES, send: (fx) => ({ json: { id: fx.chapterId, chapter_number: 1 } }) },
  'POST /api/chapters/bulk-upload': {
    roles: CONTENT_ROLES,
    send: (fx) => {
      const form = new FormData();
      form.append('story_id', String(fx.storyId));
      form.append('markdown_files[]', new File(['# Chapter 5: Five\n\nText.'], 'chapter-5.md', { type: 'text/markdown' }));
      return { body: form };
    },
  },
  'POST /api/chapters/import-docx': {
    roles: CONTENT_ROLES,
    send: (fx) => {
      const form = new FormData();
      form.append('story_id', String(fx.storyId));
      form.append('file', new File([minimalDocx() as Uint8Array<ArrayBuffer>], 'five.docx'));
      return { body: form };
    },
  },

  // Upload manager
  'POST /api/images/upload': {
    roles: CONTENT_ROLES,
    send: async () => ({ body: uploadForm({ image: await pngBytes(), type: 'general' }) }),
  },
  'GET /api/images/list-pagebreaks': { roles: CONTENT_ROLES },
  'GET /api/images/manage': { roles: CONTENT_ROLES },
  'POST /api/images/manage': { roles: CONTENT_ROLES, send: () => ({ json: { action: 'delete', path: `general/${UPLOADED_FILE}` } }) },

  // Moderation
  'GET /api/admin/comments/list': { roles: MODERATION_ROLES, send: () => ({ query: '?status=pending&type=stories' }) },
  'POST /api/admin/comments/moderate': { roles: MODERATION_ROLES, send: (fx) => ({ json: { id: fx.commentId, action: 'approve' } }) },
  'POST /api/admin/ban-ip': { roles: MODERATION_ROLES, send: () => ({ json: { ip_address: '203.0.113.50', reason: 'spam' } }) },
  'POST /api/admin/unban-ip': { roles: MODERATION_ROLES, send: (fx) => ({ json: { id: fx.banId } }) },
  'GET /api/admin/banned-ips/list': { roles: MODERATION_ROLES },
  'GET /api/admin/mod-stats': { roles: MODERATION_ROLES },

  // Analytics (admin only)
  'GET /api/admin/analytics/summary': { roles: ANALYTICS_ROLES, send: () => ({ query: '?days=30' }) },
  'GET /api/admin/analytics/segment': { roles: ANALYTICS_ROLES, send: () => ({ query: '?days=30&segment=device' }) },
  'GET /api/admin/analytics/content': { roles: ANALYTICS_ROLES, send: () => ({ query: '?days=30&type=stories' }) },
  'GET /api/admin/analytics/retention': { roles: ANALYTICS_ROLES, send: () => ({ query: '?days=30&story=story-one' }) },

  // Following by email: the author's list
  'GET /api/admin/subscribers': { roles: CONTENT_ROLES },
  'GET /api/admin/subscribers/export': { roles: CONTENT_ROLES },
  'POST /api/admin/subscribers/import': { roles: CONTENT_ROLES, send: () => ({ json: { csv: 'new@example.com', story_slug: null } }) },
  'DELETE /api/admin/subscribers/:id': { roles: CONTENT_ROLES, send: (fx) => ({ params: { id: String(fx.subscriberId) } }) },
  'GET /api/admin/mail/status': { roles: CONTENT_ROLES },
  'POST /api/admin/mail/retry': { roles: CONTENT_ROLES, send: () => ({ json: {} }) },
  'POST /api/admin/mail/test': { roles: CONTENT_ROLES, send: () => ({ json: { email: 'author@example.com' } }) },

  // Export and import (admin only)
  'GET /api/admin/export': { roles: ARCHIVE_ROLES },
  'POST /api/admin/import': {
    roles: ARCHIVE_ROLES,
    send: async () => {
      const form = new FormData();
      form.set('file', new File([(await exportArchive(t.deps, { analytics: false })) as BlobPart], 'site.zip'));
      form.set('replace', '1');
      return { body: form };
    },
  },
};

const PASSWORD = 'correct horse battery';
const UPLOADED_FILE = 'existing.png';

/** The routes the app serves, as "METHOD path" (middleware registrations left out). */
function servedRoutes(): string[] {
  const routes = t.app.routes.filter((route) => route.method !== 'ALL').map((route) => `${route.method} ${route.path}`);
  return [...new Set(routes)].sort();
}

async function insertFixture(): Promise<Fixture> {
  const db = t.database.db;
  const { id: storyId } = await db
    .insertInto('stories')
    .values({ slug: 'story-one', title: 'Story one', status: 'published' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: chapterId } = await db
    .insertInto('chapters')
    .values({ story_id: storyId, chapter_number: 1, slug: 'one', title: 'One', content: 'Text.', status: 'published' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: revisionId } = await db
    .insertInto('chapter_revisions')
    .values({ chapter_id: chapterId, kind: 'manual', title: 'One', content: 'Text.', word_count: 1 })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: galleryId } = await db
    .insertInto('galleries')
    .values({ slug: 'gallery-one', title: 'Gallery one', rating: 'PG' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const [imageId, neighbourId] = (
    await db
      .insertInto('gallery_images')
      .values([
        { gallery_id: galleryId, src: '/images/a.png' },
        { gallery_id: galleryId, src: '/images/b.png' },
      ])
      .returning('id')
      .execute()
  ).map((row) => row.id);
  const { id: commentId } = await db
    .insertInto('chapter_comments')
    .values({ chapter_id: chapterId, content: 'Hi' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: banId } = await db
    .insertInto('banned_ips')
    .values({ ip_address: '198.51.100.9', reason: '' })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id: subscriberId } = await db
    .insertInto('subscribers')
    .values({ email: 'reader@example.com', story_id: storyId, status: 'confirmed' })
    .returning('id')
    .executeTakeFirstOrThrow();
  await t.deps.storage.put(`general/${UPLOADED_FILE}`, await pngBytes(), 'image/png');
  return { storyId, chapterId, revisionId, galleryId, imageId: imageId!, neighbourId: neighbourId!, commentId, banId, subscriberId };
}

let passwordHash: Promise<string> | undefined;

/** A user with the role and a session cookie for it (the token is minted: no sign-in per test). */
async function sessionFor(role: StaffRole): Promise<string> {
  passwordHash ??= hashTestPassword(PASSWORD);
  const user = await userStore.create(t.database.db, { username: `${role}-user`, password_hash: await passwordHash, role });
  return `session=${await signSessionToken(t.deps.sessionSecret, { userId: user.id, version: 1 }, new Date())}`;
}

async function callRoute(key: string, rule: RouteRule, cookie?: string): Promise<Response> {
  const [method, path] = key.split(' ') as [string, string];
  const { query = '', params = {}, ...request } = (await rule.send?.(await insertFixture())) ?? {};
  const filled = path.replace(/:(\w+)/g, (part, name: string) => params[name] ?? part);
  return t.call(`${filled}${query}`, { method, ...request, ...(cookie ? { cookie } : {}) });
}

describe('the route table', () => {
  it('names every route the app serves, as guarded or public', () => {
    const unlisted = servedRoutes().filter((route) => !(route in ROUTES) && !PUBLIC_ROUTES.includes(route));
    expect(unlisted).toEqual([]);
  });

  it('lists no public route as guarded', () => {
    expect(Object.keys(ROUTES).filter((route) => PUBLIC_ROUTES.includes(route))).toEqual([]);
  });

  it('lists only routes the app serves', () => {
    const served = new Set(servedRoutes());
    expect(Object.keys(ROUTES).filter((route) => !served.has(route))).toEqual([]);
  });
});

describe.each(Object.entries(ROUTES))('%s', (key, rule) => {
  const wrongRoles = STAFF_ROLES.filter((role) => !rule.roles.includes(role));

  it('answers 401 to an anonymous caller', async () => {
    expect((await callRoute(key, rule)).status).toBe(401);
  });

  // A route open to all staff has no wrong role.
  it.for(wrongRoles)('answers 403 to a %s', async (role) => {
    const res = await callRoute(key, rule, await sessionFor(role));
    expect(res.status, await res.text()).toBe(403);
  });

  it.for(rule.roles)('lets a %s through (2xx)', async (role) => {
    const res = await callRoute(key, rule, await sessionFor(role));
    const body = await res.text();
    expect(res.status, body).toBeGreaterThanOrEqual(200);
    expect(res.status, body).toBeLessThan(300);
  });
});

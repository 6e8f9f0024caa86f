import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { seedDemoContent } from '#db/seed/index.ts';
import { demoChapterComments, demoDraftStory, demoGalleries, demoImageComments, demoPublishedStory } from '#db/seed/demo-content.ts';

const t = useApiTestContext();

// seedDemoContent adds three likes on chapter 1 and one on the "Winged traveller" image.
const SEEDED_CHAPTER_LIKES = 3;
const SEEDED_IMAGE_LIKES = 1;

describe('GET /api/admin/quick-stats', () => {
  it('answers 401 when not signed in', async () => {
    const res = await t.call('/api/admin/quick-stats');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
  });

  it('reports zeros on an empty database', async () => {
    const cookie = await t.signedInAs('admin');
    const res = await t.call('/api/admin/quick-stats', { cookie });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ success: true, data: { galleries: 0, stories: 0, comments: 0, total_likes: 0 } });
  });

  it.each(['admin', 'author', 'mod'] as const)('counts the demo content for %s (and at .php)', async (role) => {
    expect(await seedDemoContent(t.database.db)).toBe(true);
    const cookie = await t.signedInAs(role);
    const expected = {
      galleries: demoGalleries.length,
      stories: [demoPublishedStory, demoDraftStory].length,
      comments: demoChapterComments.length + demoImageComments.length,
      total_likes: SEEDED_CHAPTER_LIKES + SEEDED_IMAGE_LIKES,
    };
    expect(expected).toEqual({ galleries: 2, stories: 2, comments: 5, total_likes: 4 });
    for (const path of ['/api/admin/quick-stats', '/api/admin/quick-stats.php']) {
      const res = await t.call(path, { cookie });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ success: true, data: expected });
    }
  });

  it('counts comments of every status and follows deletions', async () => {
    await seedDemoContent(t.database.db);
    const { db } = t.database;
    await db.updateTable('chapter_comments').set({ status: 'rejected' }).execute();
    await db.deleteFrom('galleries').where('slug', '=', 'after-dark').execute();
    await db.deleteFrom('image_likes').execute();
    const cookie = await t.signedInAs('mod');
    const res = await t.call('/api/admin/quick-stats', { cookie });
    expect((await res.json()).data).toEqual({ galleries: 1, stories: 2, comments: 5, total_likes: 3 });
  });
});

describe('GET /api/admin/publish-state', () => {
  it('answers 401 when not signed in', async () => {
    const res = await t.call('/api/admin/publish-state');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ success: false, error: 'Please sign in to continue.' });
  });

  it.each(['admin', 'author', 'mod'] as const)('shows %s the state the rebuild trigger reports (and at .php)', async (role) => {
    const cookie = await t.signedInAs(role);
    const idle = await t.call('/api/admin/publish-state', { cookie });
    expect(idle.status).toBe(200);
    expect(idle.headers.get('cache-control')).toBe('no-store');
    expect(await idle.json()).toEqual({ success: true, state: { publishing: false, last_published_at: null, last_error: null } });

    t.publishState = { publishing: true, last_published_at: '2026-11-22T10:00:00.000Z', last_error: null };
    const busy = await t.call('/api/admin/publish-state.php', { cookie });
    expect(busy.status).toBe(200);
    expect(await busy.json()).toEqual({ success: true, state: t.publishState });
  });

  // A build's output names the server's folders (/srv/site/.site/staging/…): not for every role.
  const FAILING = {
    publishing: false,
    last_published_at: '2026-11-22T10:00:00.000Z',
    last_error: {
      message: 'astro build failed (exit 1):\nENOSPC: no space left on device, write /srv/data/site/build-1/index.html',
      at: '2026-11-22T10:05:00.000Z',
      disk_full: true as const,
    },
    backup_error: {
      message: "EACCES: permission denied, mkdir '/srv/backups/backup-20261122T050000Z.partial'",
      at: '2026-11-22T05:00:00.000Z',
    },
  };

  it("shows an admin a failed build's and backup's details", async () => {
    t.publishState = FAILING;
    const res = await t.call('/api/admin/publish-state', { cookie: await t.signedInAs('admin') });
    expect(await res.json()).toEqual({ success: true, state: FAILING });
  });

  it.each(['author', 'mod'] as const)('tells %s that the publish and the backup failed, and when, without the details', async (role) => {
    t.publishState = FAILING;
    const res = await t.call('/api/admin/publish-state', { cookie: await t.signedInAs(role) });
    const body = await res.json();
    expect(body).toEqual({
      success: true,
      state: {
        publishing: false,
        last_published_at: '2026-11-22T10:00:00.000Z',
        last_error: { message: 'The last publish failed. An admin can see the details.', at: '2026-11-22T10:05:00.000Z', disk_full: true },
        backup_error: { message: 'The last backup failed. An admin can see the details.', at: '2026-11-22T05:00:00.000Z' },
      },
    });
    expect(JSON.stringify(body)).not.toMatch(/\/srv|ENOSPC|EACCES/);
  });
});

// The runtime-specific parts of the worker: a gallery upload decoded, measured and thumbnailed
// without sharp, stored in S3 and served back from it; the cron handler releasing a scheduled
// chapter; and a content change calling the deploy hook.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { answer, BASE_URL, call, signInAsAdmin } from './client.ts';

// A real 1536×1536 render (3.4 MB) with its generation data: decoded and resized in the worker.
const FIXTURE = new URL('../fixtures/ai-images/enslo-easy-reforge.png', import.meta.url);
const HOOK_CONTROL_URL = process.env['CLOUD_HOOK_CONTROL_URL'] ?? ''; // scripts/cloud/hook-recorder.ts

async function demoGalleryId(): Promise<number> {
  const { body } = await answer(call('/api/galleries/list'));
  return body.galleries.find((gallery: { slug: string }) => gallery.slug === 'field-studies').id;
}

function uploadForm(galleryId: number, bytes: Uint8Array<ArrayBuffer>, name: string): FormData {
  const form = new FormData();
  form.set('gallery_id', String(galleryId));
  form.append('files[]', new File([bytes], name, { type: 'image/png' }));
  return form;
}

describe('gallery upload to S3', () => {
  it('stores a real generated image with its metadata and serves it and its thumbnails from the bucket', async () => {
    const cookie = await signInAsAdmin();
    const galleryId = await demoGalleryId();
    const bytes = Uint8Array.from(readFileSync(FIXTURE));
    const uploaded = await answer(call('/api/images/gallery-upload', { cookie, body: uploadForm(galleryId, bytes, 'reforge.png') }));
    expect(uploaded).toMatchObject({
      status: 201,
      body: {
        success: true,
        errors: [],
        images: [
          {
            original_name: 'reforge.png',
            prompt: expect.stringMatching(
              /^1girl, solo, hatsune miku, テスト,\s+<lora:NoobV065sHyperDmd:1> masterpiece, best quality, very aesthetic, absurdres, newest, safe$/,
            ),
            parameters: 'bad anatomy, worst quality, low quality',
            checkpoint: 'copycatNoob_v11',
            loras: ['NoobV065sHyperDmd'],
            width: 1536,
            height: 1536,
          },
        ],
      },
    });
    const image = uploaded.body.images[0];
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,[A-Za-z0-9+/=]{20,}$/);

    const original = await call(image.src);
    expect(original.status).toBe(200);
    expect(new Uint8Array(await original.arrayBuffer())).toEqual(bytes);
    expect(original.headers.get('cache-control')).toMatch(/max-age=\d{6,}/);
    for (const thumb of [image.thumb, image.thumb_2x]) {
      const res = await call(thumb);
      expect({ status: res.status, type: res.headers.get('content-type') }).toEqual({ status: 200, type: 'image/webp' });
      const webp = new Uint8Array(await res.arrayBuffer());
      expect(new TextDecoder().decode(webp.subarray(8, 12))).toBe('WEBP'); // a real WebP file, not an error page
      expect(webp.byteLength).toBeGreaterThan(2000);
    }
    const listed = await answer(call(`/api/images/gallery-list?gallery_id=${galleryId}&q=NoobV065sHyperDmd`));
    expect(listed.body.images.map((row: { id: number }) => row.id)).toContain(image.id);
  });

  it('refuses an upload from another site (403), anonymous (401), not an image (400), and a path outside the uploads (404)', async () => {
    const cookie = await signInAsAdmin();
    const galleryId = await demoGalleryId();
    const png = Uint8Array.from(readFileSync(FIXTURE));
    const crossSite = await call('/api/images/gallery-upload', {
      cookie,
      body: uploadForm(galleryId, png, 'a.png'),
      headers: { origin: 'https://evil.example' },
    });
    expect(crossSite.status).toBe(403);
    expect((await call('/api/images/gallery-upload', { body: uploadForm(galleryId, png, 'a.png') })).status).toBe(401);
    const script = new TextEncoder().encode('<svg onload=alert(1)></svg>');
    expect(
      await answer(call('/api/images/gallery-upload', { cookie, body: uploadForm(galleryId, script, '../../evil.png') })),
    ).toMatchObject({ status: 400, body: { success: false } });
    expect((await call('/api/uploads/..%2F..%2Fwrangler.jsonc')).status).toBe(404);
    expect((await call('/api/uploads/no-such-file.png')).status).toBe(404);
  });
});

describe('scheduled release through the cron handler', () => {
  it('publishes a chapter whose release time has passed when the scheduled event runs', async () => {
    const cookie = await signInAsAdmin();
    const slug = `cloud-release-${Date.now()}`;
    const story = await answer(call('/api/stories/create', { cookie, json: { title: 'Released by cron', slug, status: 'published' } }));
    const storyId = story.body.story.id;
    const releaseAt = new Date(Date.now() + 1500).toISOString();
    const chapter = await answer(
      call('/api/chapters/create', {
        cookie,
        json: { story_id: storyId, title: 'On Time', slug: 'on-time', content: 'Due.', chapter_number: 1, release_at: releaseAt },
      }),
    );
    expect(chapter).toMatchObject({ status: 201, body: { chapter: { status: 'draft' } } });
    const readerView = () => call(`/api/chapters/list?story_slug=${slug}&chapter_number=1`);
    expect((await readerView()).status).toBe(404);

    await new Promise((resolve) => setTimeout(resolve, 2000));
    const adminStatus = async () => (await answer(call(`/api/chapters/list?story_id=${storyId}`, { cookie }))).body.chapters[0].status;
    expect(await adminStatus()).toBe('draft'); // due, but nothing has run the releases yet

    // wrangler dev --test-scheduled: this path runs the worker's scheduled() handler.
    const cron = await fetch(`${BASE_URL}/__scheduled?cron=*+*+*+*+*`);
    expect(cron.status).toBe(200);
    expect(await adminStatus()).toBe('published');
    expect(await answer(readerView())).toMatchObject({ status: 200, body: { chapters: [{ title: 'On Time' }] } });
  });
});

describe('deploy hook', () => {
  const calls = async () => (await (await fetch(`${HOOK_CONTROL_URL}/received`)).json()) as { status: number }[];
  const publishState = async (cookie: string) => (await answer(call('/api/admin/publish-state', { cookie }))).body.state;
  const createStory = (cookie: string, name: string) =>
    call('/api/stories/create', { cookie, json: { title: name, slug: `${name}-${Date.now()}` } });

  it('a content change POSTs the configured deploy hook, and the admin sees it published', async () => {
    const cookie = await signInAsAdmin();
    await expect.poll(async () => (await publishState(cookie)).publishing, { timeout: 20_000 }).toBe(false); // earlier tests' calls
    const before = (await calls()).length;
    expect((await createStory(cookie, 'hooked')).status).toBe(201);
    await expect.poll(async () => (await calls()).length, { timeout: 20_000, interval: 250 }).toBe(before + 1);
    await expect
      .poll(async () => publishState(cookie), { timeout: 10_000 })
      .toMatchObject({ publishing: false, last_error: null, last_published_at: expect.any(String) });
  });

  it('a failed call is shown in the publish state and retried by the cron handler', async () => {
    const cookie = await signInAsAdmin();
    await expect.poll(async () => (await publishState(cookie)).publishing, { timeout: 20_000 }).toBe(false);
    const before = (await calls()).length;
    await fetch(`${HOOK_CONTROL_URL}/fail-next`, { method: 'POST' });
    expect((await createStory(cookie, 'hook-fails')).status).toBe(201);
    await expect.poll(async () => (await publishState(cookie)).last_error, { timeout: 20_000, interval: 250 }).not.toBeNull();
    expect((await calls()).slice(before).map((c) => c.status)).toEqual([500]);

    // The first retry is due 10 s after the failure (functions/core/deploy-hook.ts); the cron handler makes it.
    await new Promise((resolve) => setTimeout(resolve, 10_500));
    expect((await fetch(`${BASE_URL}/__scheduled?cron=*+*+*+*+*`)).status).toBe(200);
    await expect.poll(async () => (await calls()).slice(before).map((c) => c.status), { timeout: 10_000 }).toEqual([500, 200]);
    expect(await publishState(cookie)).toMatchObject({ publishing: false, last_error: null });
  }, 60_000);
});

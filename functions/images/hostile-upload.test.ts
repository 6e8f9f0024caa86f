// A gallery upload of a zip-bomb PNG (decision 18): the image is stored without metadata, and
// the server keeps answering other requests while the file's metadata is read.
import { describe, expect, it, vi } from 'vitest';
import { remoteTarget, useApiTestContext } from '#scripts/test/api.ts';
import { textBombPng, turnsDuring } from '#scripts/test/hostile-files.ts';
import { galleryTestKit, uploadImages } from './test-kit.ts';

/** Each metadata reading of the upload: the turns of the event loop during it, and whether a request sent as it began was answered before it ended. */
const readings = vi.hoisted(() => [] as { turns: number; otherAnsweredFirst: boolean }[]);
const duringReading = vi.hoisted(() => ({ request: async () => {} }));

vi.mock('./metadata/index.ts', async (importOriginal) => {
  const real = await importOriginal<typeof import('./metadata/index.ts')>();
  return {
    ...real,
    extractGenerationMetadata: async (bytes: Uint8Array) => {
      let answered = false;
      const other = duringReading.request().then(() => (answered = true));
      const { result, turns } = await turnsDuring(async () => real.extractGenerationMetadata(bytes));
      readings.push({ turns, otherAnsweredFirst: answered });
      await other;
      return result;
    },
  };
});

const t = useApiTestContext();
const kit = galleryTestKit(t);

describe('POST /api/images/gallery-upload with hostile metadata', () => {
  it('a PNG with ten zTXt/iTXt bombs is stored without metadata, never a 500, other requests answered meanwhile', async () => {
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    duringReading.request = async () => {
      const res = await t.call(`/api/images/gallery-list?gallery_id=${gallery}`);
      expect(res.status).toBe(200);
    };
    const res = await uploadImages(t, cookie, gallery, [{ name: 'bomb.png', bytes: textBombPng(10) }]);
    const body = (await res.json()) as { success: boolean; images: Record<string, unknown>[] };
    expect({ status: res.status, success: body.success }).toEqual({ status: 201, success: true });
    expect(body.images[0]).toMatchObject({ original_name: 'bomb.png', generator: null, prompt: null, width: 1, height: 1 });
    if (remoteTarget) return; // the reader runs in the worker: nothing to count from here
    expect(readings).toHaveLength(1);
    expect(readings[0]!.turns).toBeGreaterThanOrEqual(4);
    expect(readings[0]!.otherAnsweredFirst).toBe(true);
  });
});

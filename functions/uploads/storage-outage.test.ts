// An upload whose storage (S3, R2) fails: nothing is left behind, neither a file nor a row, and
// an outage of the service (network, 5xx) is answered 503 with Retry-After, like a database outage.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { UNAVAILABLE } from '#core/errors.ts';
import { galleryTestKit, pngBytes, recordStorage, uploadImages } from '#functions/images/test-kit.ts';
import { storedKeys, upload } from './test-kit.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);
// The failures are logged on purpose; the tests check the answers.
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

// What the S3 client throws: a network failure (code from Node's socket), and a 5xx of the service.
const networkDown = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9000'), { code: 'ECONNREFUSED' });
const serviceError = () =>
  Object.assign(new Error('We encountered an internal error. Please try again.'), {
    name: 'InternalError',
    $fault: 'server',
    $metadata: { httpStatusCode: 500 },
  });
/** The storage outages: each answered as a temporary failure. */
const OUTAGES: [string, () => Error][] = [
  ['the network to S3 is down', networkDown],
  ['S3 answers 500', serviceError],
];
const accessDenied = () =>
  Object.assign(new Error('Access Denied'), { name: 'AccessDenied', $fault: 'client', $metadata: { httpStatusCode: 403 } });

function failingPuts(error: () => Error) {
  const storage = recordStorage(t);
  storage.put = async () => {
    throw error();
  };
  return storage;
}

describe('POST /api/images/upload (story covers, page breaks) when the storage fails', () => {
  it.each(OUTAGES)('answers 503 with Retry-After when %s, and stores nothing', async (_case, error) => {
    const cookie = await t.signedInAs('author');
    failingPuts(error);
    const res = await upload(t, cookie, { image: await pngBytes(), type: 'cover' });
    expect(res.status).toBe(503);
    expect(res.headers.get('retry-after')).toBe('5');
    expect(await res.json()).toEqual({ success: false, error: UNAVAILABLE });
    expect(await storedKeys(t)).toEqual([]);
  });

  it('answers 500 without internals when S3 refuses the request (a configuration error)', async () => {
    const cookie = await t.signedInAs('author');
    failingPuts(accessDenied);
    const res = await upload(t, cookie, { image: await pngBytes(), type: 'cover' });
    expect(res.status).toBe(500);
    expect(JSON.stringify(await res.json())).not.toMatch(/Access Denied|AccessDenied/);
    expect(await storedKeys(t)).toEqual([]);
  });
});

describe('POST /api/images/gallery-upload when the storage fails', () => {
  it.each(OUTAGES)('leaves no row and no file when %s', async (_case, error) => {
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const storage = failingPuts(error);
    const res = await uploadImages(t, cookie, gallery, [{ name: 'one.png', bytes: await pngBytes() }]);
    expect(res.status).toBe(400);
    expect((await res.json()).errors).toEqual(['one.png: The file could not be stored. Please try again.']);
    expect(await t.database.db.selectFrom('gallery_images').select('id').execute()).toEqual([]);
    expect([...storage.keys]).toEqual([]);
    expect(t.rebuilds).toEqual([]);
  });
});

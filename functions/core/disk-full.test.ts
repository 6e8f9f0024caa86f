// Which errors mean "the disk is full" (507, one plain message), with errors the real file system
// and database produce where they can be produced here; the whole server on a really full disk
// is scripts/server/disk-full.test.ts.
import fs from 'node:fs';
import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { galleryTestKit, pngBytes, recordStorage, uploadImages } from '#functions/images/test-kit.ts';
import { chapterTestKit } from '#functions/chapters/test-kit.ts';
import { DISK_FULL, diskFull } from './disk-full.ts';

const t = useApiTestContext();
const kit = galleryTestKit(t);
beforeEach(() => void vi.spyOn(console, 'error').mockImplementation(() => {}));
afterEach(() => vi.restoreAllMocks());

/** What Node throws when a write finds no space: /dev/full is a device that is always full. */
function realEnospc(): Error {
  try {
    fs.writeFileSync('/dev/full', 'x');
  } catch (error) {
    return error as Error;
  }
  throw new Error('/dev/full accepted a write');
}

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });
const s3Error = (name: string, status: number, message: string) =>
  Object.assign(new Error(message), { name, $fault: status >= 500 ? 'server' : 'client', $metadata: { httpStatusCode: status } });

describe('diskFull', () => {
  it.each([
    ['Node: a write to a full file system (ENOSPC)', realEnospc()],
    ['Node: a quota reached (EDQUOT)', withCode('EDQUOT: disk quota exceeded, write', 'EDQUOT')],
    ['Postgres: disk_full (53100)', withCode('could not extend file "base/5/16390": No space left on device', '53100')],
    ['PGlite: the message without a code', new Error('could not extend file "base/1/2619": wrote only 4096 of 8192 bytes at block 12')],
    [
      'a driver that wraps it',
      new Error('query failed', { cause: withCode('could not write to file "pg_wal/xlogtemp.42": No space left on device', '53100') }),
    ],
    ['astro build: ENOSPC in its output', new Error('astro build failed (exit 1):\n[Error: ENOSPC: no space left on device, write]')],
    ['MinIO: its drives are full', s3Error('XMinioStorageFull', 507, 'Storage backend has reached its minimum free drive threshold.')],
    ['an S3-compatible service answering 507', s3Error('Unknown', 507, 'Insufficient Storage')],
  ])('recognises %s', (_case, error) => {
    expect(diskFull(error)).toBe(true);
  });

  it.each([
    ['S3: a file over its size limit', s3Error('EntityTooLarge', 400, 'Your proposed upload exceeds the maximum allowed size')],
    ['S3: an outage', s3Error('InternalError', 500, 'We encountered an internal error. Please try again.')],
    ['S3: access denied', s3Error('AccessDenied', 403, 'Access Denied')],
    ['a refused connection', withCode('connect ECONNREFUSED 127.0.0.1:5432', 'ECONNREFUSED')],
    ['too many connections (another class 53 state)', withCode('sorry, too many clients already', '53300')],
    ['a unique violation', withCode('duplicate key value violates unique constraint "x"', '23505')],
    ['a string', 'ENOSPC'],
    ['null', null],
  ])('does not take %s for a full disk', (_case, error) => {
    expect(diskFull(error)).toBe(false);
  });
});

/** Makes inserts into `table` fail as Postgres does on a full disk, through the real driver. */
async function diskFullOnInsert(table: 'chapters' | 'chapter_comments') {
  const { db } = t.database;
  await sql`create or replace function test_disk_full() returns trigger language plpgsql as $$
    begin raise exception 'could not extend file "base/5/16390": No space left on device' using errcode = 'disk_full'; end $$`.execute(db);
  await sql`create trigger test_disk_full before insert on ${sql.table(table)} for each row execute function test_disk_full()`.execute(db);
  return async () => {
    await sql`drop trigger test_disk_full on ${sql.table(table)}`.execute(db);
    await sql`drop function test_disk_full()`.execute(db);
  };
}

async function expectDiskFull(response: Promise<Response>) {
  const res = await response;
  expect(res.status).toBe(507);
  expect(res.headers.get('retry-after')).toBeNull();
  expect(await res.json()).toEqual({ success: false, error: DISK_FULL });
}

describe('the API on a full disk', () => {
  it('answers 507 with the plain message when the database cannot store a chapter or a comment', async () => {
    const { insertStory, insertChapters } = chapterTestKit(t);
    const storyId = await insertStory();
    const [published] = await insertChapters(storyId, { chapter_number: 1 });
    const cookie = await t.signedInAs('author');
    const restoreChapters = await diskFullOnInsert('chapters');
    try {
      const json = { story_id: storyId, chapter_number: 9, title: 'Nine', slug: 'nine', content: 'Text.' };
      await expectDiskFull(t.call('/api/chapters/create', { cookie, json }));
      expect(t.rebuilds).toEqual([]);
    } finally {
      await restoreChapters();
    }
    const restoreComments = await diskFullOnInsert('chapter_comments');
    try {
      await expectDiskFull(t.call('/api/chapters/comments/create', { json: { chapter_id: published, content: 'Lovely.', website: '' } }));
    } finally {
      await restoreComments();
    }
  });

  it('answers 507 when the uploads folder is full, and keeps neither a file nor a row', async () => {
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const storage = recordStorage(t);
    storage.put = async () => {
      throw realEnospc();
    };
    await expectDiskFull(uploadImages(t, cookie, gallery, [{ name: 'one.png', bytes: await pngBytes() }]));
    expect(await t.database.db.selectFrom('gallery_images').select('id').execute()).toEqual([]);
    expect([...storage.keys]).toEqual([]);
  });

  it('keeps and publishes the files stored before the disk filled, and names the others', async () => {
    const cookie = await t.signedInAs('author');
    const gallery = await kit.insertGallery();
    const storage = recordStorage(t);
    const put = storage.put.bind(storage);
    let puts = 0;
    storage.put = async (...args) => {
      if (++puts > 3) throw realEnospc(); // the first image is three files: original and two thumbnails
      return put(...args);
    };
    const files = ['one.png', 'two.png', 'three.png'].map(async (name) => ({ name, bytes: await pngBytes() }));
    const res = await uploadImages(t, cookie, gallery, await Promise.all(files));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.images).toHaveLength(1);
    expect(body.errors).toEqual([`two.png: ${DISK_FULL}`, `three.png: ${DISK_FULL}`]);
    expect(storage.keys.size).toBe(3);
    expect(t.rebuilds).toEqual(['1 gallery images uploaded']);
  });
});

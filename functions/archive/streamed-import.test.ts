// POST /api/admin/import with the archive as the whole body (application/zip), as the admin sends
// it: in Node the body streams into a temporary file (AppDeps.spoolBody) that is read by range and
// deleted afterwards, whatever the outcome; the confirmation rides in the query.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { tempFileSpool } from '#scripts/server/temp-spool.ts';
import { exportArchive, fillSite, snapshotSite } from './test-kit.ts';

const t = useApiTestContext();
let cookie: string;
let spoolDir: string;

beforeEach(async () => {
  cookie = await t.signedInAs('admin');
  await fillSite(t.database.db, t.deps.storage, 1);
  spoolDir = fs.mkdtempSync(path.join(os.tmpdir(), 'spool-test-'));
  t.deps.spoolBody = tempFileSpool(spoolDir);
}, 60_000);
afterEach(() => {
  delete t.deps.spoolBody;
  fs.rmSync(spoolDir, { recursive: true, force: true });
});

const send = (archive: Uint8Array | string, query = '?replace=1') =>
  t.call(`/api/admin/import${query}`, { body: archive as BodyInit, headers: { 'content-type': 'application/zip' }, cookie });

describe('an archive sent as the whole body', () => {
  it('is imported from its spooled copy, which is deleted afterwards', async () => {
    const archive = await exportArchive(t.deps, { analytics: true });
    const exported = await snapshotSite(t.database.db, t.deps.storage);
    await t.database.db.insertInto('stories').values({ slug: 'after-export', title: 'After', status: 'draft' }).execute();
    const response = await send(archive);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await snapshotSite(t.database.db, t.deps.storage)).toEqual(exported);
    expect(fs.readdirSync(spoolDir)).toEqual([]);
    expect(t.rebuilds).toEqual(['site imported']);
  });

  it('needs the confirmation in the query to replace a site, and refuses a damaged archive, leaving no spooled copy', async () => {
    const archive = await exportArchive(t.deps, { analytics: false });
    expect((await send(archive, '')).status).toBe(409);
    expect((await send(archive, '?replace=maybe')).status).toBe(400);
    const refused = await send('not a zip');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { error: string }).error).toMatch(/not a zip file/);
    expect(fs.readdirSync(spoolDir)).toEqual([]);
  });
});

// An import never writes over a file that exists (decision 22): an archive's file whose name the
// live site uses for other bytes is written under a new name and the rows follow it; and what an
// import killed before or after its commit left is settled from its journal at the next start.
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import type { Storage } from '#core/storage.ts';
import { pngBytes } from '#functions/images/test-kit.ts';
import { importArchive } from './import.ts';
import { settleInterruptedImports } from './journal.ts';
import { craftArchive, exportArchive, fillSite } from './test-kit.ts';

const t = useApiTestContext();

describe('an archive file whose name the site uses for other bytes', () => {
  it('is written under a new name, the rows point to it, and the old file goes after the commit', async () => {
    await fillSite(t.database.db, t.deps.storage, await t.createUser('admin', 'correct horse battery'));
    const { 'manifest.json': _, ...files } = unzipSync(await exportArchive(t.deps, { analytics: false }));
    const archivedCover = files['uploads/covers/cover-one.png']!;
    const liveCover = await pngBytes(7, 7);
    await t.deps.storage.put('covers/cover-one.png', liveCover, 'image/png');
    const seen: string[] = [];
    const storage = t.deps.storage;
    const watched: Storage = {
      list: (folder) => storage.list(folder),
      get: (key) => storage.get(key),
      delete: (key) => storage.delete(key),
      stat: (key) => storage.stat(key),
      read: (key, start, end) => storage.read(key, start, end),
      async put(key, body, type) {
        // Nothing the site has is overwritten: each write lands where no file was.
        expect(await storage.get(key), key).toBeNull();
        seen.push(key);
        await storage.put(key, body, type);
      },
    };

    await importArchive({ db: t.database.db, storage: watched }, await craftArchive(files), { replace: true });
    const story = await t.database.db
      .selectFrom('stories')
      .select('cover_image')
      .where('cover_image', 'is not', null)
      .executeTakeFirstOrThrow();
    const key = story.cover_image!.replace('/api/uploads/', '');
    expect(key).toMatch(/^covers\/[0-9a-f-]{36}\.png$/);
    expect(seen).toEqual([key]);
    expect((await storage.get(key))!.body).toEqual(archivedCover);
    expect(await storage.get('covers/cover-one.png')).toBeNull();
    expect(await t.database.db.selectFrom('archive_imports').selectAll().execute()).toEqual([]);
  });
});

describe('the journal of an import that was killed', () => {
  it('deletes the files written before the commit, or the old files the committed import replaced', async () => {
    const png = await pngBytes();
    for (const key of ['general/written.png', 'general/kept.png', 'covers/old.png', 'covers/new.png'])
      await t.deps.storage.put(key, png, 'image/png');
    await t.database.db
      .insertInto('archive_imports')
      .values([
        { id: 'killed-while-writing', state: 'writing', written: ['general/written.png', 'general/never-got-there.png'] },
        { id: 'killed-after-commit', state: 'committed', written: ['covers/new.png'], replaced: ['covers/old.png'] },
      ])
      .execute();

    expect(await settleInterruptedImports(t.database.db, t.deps.storage)).toBe(2);
    expect((await t.deps.storage.list('general')).map((f) => f.key)).toEqual(['general/kept.png']);
    expect((await t.deps.storage.list('covers')).map((f) => f.key)).toEqual(['covers/new.png']);
    expect(await t.database.db.selectFrom('archive_imports').selectAll().execute()).toEqual([]);
    expect(await settleInterruptedImports(t.database.db, t.deps.storage)).toBe(0);
  });
});

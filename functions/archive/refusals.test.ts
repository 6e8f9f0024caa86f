// The bad-input rules for imports: every refused archive is refused with a clear 400
// before anything is written, proven each time by comparing every row and file before and after
// (on a site with content, with the replace confirmed, so only the refusal stands in the way).
import { unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { MemoryStorage } from '#scripts/test/memory-storage.ts';
import { pngBytes } from '#functions/images/test-kit.ts';
import { importArchive, SITE_HAS_CONTENT } from './import.ts';
import { craftArchive, emptyData, exportArchive, snapshotSite } from './test-kit.ts';
import { importForm, useRefusalTests } from './refusal-kit.ts';

const { t, site, expectRefused } = useRefusalTests();

const UNIX_SYMLINK = { madeBy: 3, attributes: (0o120777 << 16) >>> 0 };
const WINDOWS_REPARSE_POINT = { madeBy: 0, attributes: 0x400 };

/** Sets an entry's "version made by" host and external attributes in the central directory. */
function markAs(zip: Uint8Array, name: string, { madeBy, attributes }: { madeBy: number; attributes: number }): Uint8Array {
  const copy = new Uint8Array(zip);
  const view = new DataView(copy.buffer);
  for (let at = 0; at < copy.length - 46; at++) {
    if (view.getUint32(at, true) !== 0x02014b50) continue;
    const nameLength = view.getUint16(at + 28, true);
    if (new TextDecoder().decode(copy.subarray(at + 46, at + 46 + nameLength)) !== name) continue;
    view.setUint8(at + 5, madeBy);
    view.setUint32(at + 38, attributes, true);
    return copy;
  }
  throw new Error(`no entry ${name}`);
}

describe('an import refuses, writing nothing', () => {
  it('a file that is not a zip', async () => {
    await expectRefused('<html><script>alert(1)</script></html>', /not a zip file, or it is cut short or damaged/);
  });

  it('an empty file', async () => {
    await expectRefused(new Uint8Array(0), /not a zip file/);
  });

  it('a truncated archive', async () => {
    const archive = await exportArchive(t.deps, { analytics: false });
    await expectRefused(archive.subarray(0, Math.floor(archive.length / 2)), /cut short or damaged/);
  });

  it('a corrupt archive (bytes changed inside a packed file)', async () => {
    const archive = await craftArchive({ ...emptyData(), 'data/stories.json': JSON.stringify([{ title: 'x'.repeat(5000) }]) });
    const damaged = new Uint8Array(archive);
    damaged[200] = damaged[200]! ^ 0xff; // inside the first packed file (data, after its 30-byte header and name)
    await expectRefused(damaged, /damaged/);
  });

  it('a zip without manifest.json', async () => {
    const { zipSync } = await import('fflate');
    await expectRefused(
      zipSync({ 'data/stories.json': new TextEncoder().encode('[]') }),
      'This archive cannot be imported: it is not an archive of this site (it has no manifest.json).',
    );
  });

  it('a manifest of another format', async () => {
    await expectRefused(
      await craftArchive(emptyData(), { format: 'someone-elses-backup' }),
      /not an archive of this site \(its manifest names another format\)/,
    );
  });

  it('a manifest that is not JSON', async () => {
    const { zipSync } = await import('fflate');
    await expectRefused(zipSync({ 'manifest.json': new TextEncoder().encode("{'format': ") }), /manifest.json is not readable JSON/);
  });

  it('an archive from a newer format version', async () => {
    await expectRefused(
      await craftArchive(emptyData(), { format_version: 2 }),
      'This archive cannot be imported: it was made by a newer version of the site (archive format 2; this site reads format 1). Update the site, then import it.',
    );
  });

  it('a file whose checksum does not match', async () => {
    const archive = await craftArchive(emptyData());
    const files = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    manifest.files[0].sha256 = '0'.repeat(64);
    const { zipSync } = await import('fflate');
    await expectRefused(
      zipSync({ ...files, 'manifest.json': new TextEncoder().encode(JSON.stringify(manifest)) }),
      /is damaged \(its checksum does not match the manifest\)/,
    );
  });

  it('a file whose size does not match', async () => {
    const archive = await craftArchive(emptyData());
    const files = unzipSync(archive);
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    manifest.files[0].size += 1;
    const { zipSync } = await import('fflate');
    await expectRefused(
      zipSync({ ...files, 'manifest.json': new TextEncoder().encode(JSON.stringify(manifest)) }),
      /has the wrong size \(the manifest says 3 bytes\)/,
    );
  });

  it('a file the manifest does not list', async () => {
    const files = unzipSync(await craftArchive(emptyData()));
    const { zipSync } = await import('fflate');
    await expectRefused(zipSync({ ...files, 'extra.txt': new TextEncoder().encode('hi') }), '"extra.txt" is not in its manifest.');
  });

  it('a file the manifest lists that is missing', async () => {
    const files = unzipSync(await craftArchive(emptyData()));
    delete files['data/stories.json'];
    const { zipSync } = await import('fflate');
    await expectRefused(zipSync(files), '"data/stories.json" is missing (the manifest lists it).');
  });

  it.each([
    ['../', 'uploads/../../etc/passwd', /leaves the archive folder/],
    ['an absolute path', '/etc/cron.d/evil', /is absolute/],
    ['a backslash', 'uploads\\..\\evil.png', /contains a backslash/],
    ['a NUL byte', 'uploads/covers/a.png\u0000.txt', /contains a control character/],
    ['a drive letter', 'C:/Windows/evil.png', /starts with a drive letter/],
  ])('a path with %s', async (_, path, message) => {
    await expectRefused(await craftArchive({ ...emptyData(), [path]: await pngBytes() }), message);
  });

  it('a symbolic link', async () => {
    const archive = await craftArchive({ ...emptyData(), 'uploads/covers/link.png': '/etc/passwd' });
    await expectRefused(
      markAs(archive, 'uploads/covers/link.png', UNIX_SYMLINK),
      '"uploads/covers/link.png" is a link or another special file, not a plain file.',
    );
  });

  it('a Windows link (a reparse point)', async () => {
    const archive = await craftArchive({ ...emptyData(), 'uploads/covers/link.png': await pngBytes() });
    await expectRefused(markAs(archive, 'uploads/covers/link.png', WINDOWS_REPARSE_POINT), /is a link or another special file/);
  });

  it('an upload that is not an image', async () => {
    await expectRefused(
      await craftArchive({ ...emptyData(), 'uploads/general/page.png': '<html>' }),
      '"uploads/general/page.png": Invalid file type. Only JPEG, PNG, GIF, and WebP are allowed.',
    );
  });

  it('an upload name the site never gives', async () => {
    await expectRefused(
      await craftArchive({ ...emptyData(), 'uploads/Covers/x y.png': await pngBytes() }),
      /is not a name this site gives uploads/,
    );
  });

  it('a field the table does not have', async () => {
    await expectRefused(
      await craftArchive({ ...emptyData(), 'data/stories.json': '[{"id": 1, "title": "x", "password_hash": "y"}]' }),
      'This archive cannot be imported: data/stories.json: row 1 has the field "password_hash", which this site does not have.',
    );
  });

  it('a table the site does not archive (accounts)', async () => {
    await expectRefused(
      await craftArchive({ ...emptyData(), 'data/users.json': '[]' }),
      /"data\/users.json" is not a file this site archives/,
    );
  });

  it('analytics the manifest says are left out', async () => {
    await expectRefused(
      await craftArchive({ ...emptyData(), 'data/analytics_events.json': '[]' }),
      /analytics, which the manifest says are left out/,
    );
  });

  it('a missing table file', async () => {
    const { 'data/banned_ips.json': _, ...rest } = emptyData();
    await expectRefused(await craftArchive(rest), 'This archive cannot be imported: data/banned_ips.json is missing.');
  });

  it('rows nested deeper than any value the site stores, before anything walks them', async () => {
    const deep = `[{"meta":${'{"a":'.repeat(100_000)}1${'}'.repeat(100_000)}}]`;
    await expectRefused(
      await craftArchive({ ...emptyData(), 'data/stories.json': deep }),
      'This archive cannot be imported: data/stories.json: Too deeply nested JSON (at most 32 levels of arrays and objects).',
    );
  });

  it('a chapter file without front matter', async () => {
    await expectRefused(
      await craftArchive({ ...emptyData(), 'stories/x/0001-a.md': '# Just text' }),
      'This archive cannot be imported: stories/x/0001-a.md does not start with front matter ("---").',
    );
  });

  it('rows the database refuses, rolling back what the import had emptied and written', async () => {
    const exported = unzipSync(await exportArchive(t.deps, { analytics: false }));
    const [story] = JSON.parse(new TextDecoder().decode(exported['data/stories.json'])) as Record<string, unknown>[];
    // The first row is fine (and written before the second fails); the second breaks the slug rule.
    const rows = JSON.stringify([
      { ...story, id: 70, slug: 'fine' },
      { ...story, id: 71, slug: "x'; drop table stories;--" },
    ]);
    await expectRefused(
      await craftArchive({ ...emptyData(), 'data/stories.json': rows }),
      /its rows do not fit this site’s database \(.*stories_slug_check/,
    );
  });

  it.each([
    ['a wrong type', { id: 'abc' }],
    ['a NUL character', { title: 'a\u0000b' }],
    ['a list where text belongs', { genres: 'not a list' }],
  ])('rows with %s, as a 400', async (_, change) => {
    const exported = unzipSync(await exportArchive(t.deps, { analytics: false }));
    const [story] = JSON.parse(new TextDecoder().decode(exported['data/stories.json'])) as Record<string, unknown>[];
    await expectRefused(
      await craftArchive({ ...emptyData(), 'data/stories.json': JSON.stringify([{ ...story, ...change }]) }),
      /its rows do not fit this site’s database/,
    );
  });

  it('an archive that unpacks to more than the limit (a zip bomb), from its directory alone', async () => {
    const archive = await craftArchive({ ...emptyData(), 'data/stories.json': `[${' '.repeat(1_000_000)}]` });
    await expect(importArchive(t.deps, archive, { replace: true, maxUnpackedBytes: 100_000 })).rejects.toThrow(
      'it would unpack to more than 0 MB.',
    );
    expect(await snapshotSite(t.database.db, t.deps.storage)).toEqual(site.before);
  });
});

describe('an import into a site with content', () => {
  it('is refused with 409 unless the replace is confirmed', async () => {
    const archive = await exportArchive(t.deps, { analytics: false });
    const response = await t.call('/api/admin/import', { body: importForm(archive, false), cookie: site.cookie });
    expect(response.status).toBe(409);
    expect(await response.json()).toEqual({ success: false, error: SITE_HAS_CONTENT });
    expect(await snapshotSite(t.database.db, t.deps.storage)).toEqual(site.before);
  });

  it('counts uploads alone as content', async () => {
    await t.database.reset();
    t.deps.storage = new MemoryStorage();
    await t.deps.storage.put('general/only.png', await pngBytes(), 'image/png');
    await expect(importArchive(t.deps, await craftArchive(emptyData()), { replace: false })).rejects.toThrow(SITE_HAS_CONTENT);
    expect(await t.deps.storage.get('general/only.png')).not.toBeNull();
  });
});

// Archives an attacker (or a careless hand) could give the admin's import, written to files for
// `npm run bench:hostile`: each must be refused with a message, quickly, and without holding up
// other visitors. The zip bomb is written in a stream, so making it takes no memory either.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Zip, ZipDeflate, zlibSync } from 'fflate';
import { craftArchive, emptyData } from '#functions/archive/test-kit.ts';
import { ARCHIVE_FORMAT, ARCHIVE_FORMAT_VERSION, MANIFEST_PATH, sha256Hex } from '#functions/archive/manifest.ts';
import { concat, png, pngChunk } from '#functions/images/metadata/test-files.ts';
import { pngBytes } from '#functions/images/test-kit.ts';

const PNG_SIGNATURE = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const MB = 1024 * 1024;

export interface HostileArchive {
  name: string;
  file: string;
}

/** An archive of an empty site beside `files`, so that only the files stand in the way of an import. */
const withTables = (files: Record<string, Uint8Array>) => craftArchive({ ...emptyData(), ...files });

/** The manifest's lines for the empty tables. */
const emptyTablesListing = () =>
  Promise.all(
    Object.entries(emptyData()).map(async ([name, text]) => ({
      path: name,
      size: text.length,
      sha256: await sha256Hex(new TextEncoder().encode(text)),
    })),
  );

/** A zip whose one upload inflates to `bytes` of zeros, with a manifest that tells the truth about it. */
async function zeroBomb(file: string, bytes: number): Promise<void> {
  const out = fs.createWriteStream(file);
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    out.write(chunk);
  });
  for (const [name, text] of Object.entries(emptyData())) {
    const table = new ZipDeflate(name);
    zip.add(table);
    table.push(new TextEncoder().encode(text), true);
  }
  const entry = new ZipDeflate('uploads/general/bomb.png', { level: 9 });
  zip.add(entry);
  const hash = createHash('sha256').update(PNG_SIGNATURE);
  entry.push(PNG_SIGNATURE);
  const zeros = new Uint8Array(MB);
  let size = PNG_SIGNATURE.length;
  for (; size < bytes; size += zeros.length) {
    hash.update(zeros);
    entry.push(zeros);
  }
  entry.push(new Uint8Array(0), true);
  const manifest = new ZipDeflate(MANIFEST_PATH);
  zip.add(manifest);
  const listing = [...(await emptyTablesListing()), { path: 'uploads/general/bomb.png', size, sha256: hash.digest('hex') }];
  const head = {
    format: ARCHIVE_FORMAT,
    format_version: ARCHIVE_FORMAT_VERSION,
    app_version: 'bench',
    created_at: new Date().toISOString(),
    includes_analytics: false,
  };
  manifest.push(new TextEncoder().encode(JSON.stringify({ ...head, files: listing })), true);
  zip.end();
  await new Promise((resolve) => out.end(resolve));
}

export async function hostileArchives(folder: string): Promise<HostileArchive[]> {
  const at = (name: string) => path.join(folder, name);
  const image = await pngBytes(64, 64);
  const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
  fs.writeFileSync(at('zeros.zip'), await withTables({ 'uploads/general/zeros.png': concat(PNG_SIGNATURE, new Uint8Array(300 * MB)) }));
  fs.writeFileSync(at('polyglot.zip'), await withTables({ 'uploads/general/page.png': concat(image, html) }));
  fs.writeFileSync(
    at('text-bomb.zip'),
    await withTables({
      'uploads/general/text.png': png([
        pngChunk('zTXt', concat(new TextEncoder().encode('parameters\0\0'), zlibSync(new Uint8Array(64 * MB)))),
      ]),
    }),
  );
  const lie = { path: 'uploads/general/small.png', size: 1, sha256: await sha256Hex(image) };
  const lying = await craftArchive(
    { ...emptyData(), 'uploads/general/small.png': image },
    { files: [...(await emptyTablesListing()), lie] },
  );
  fs.writeFileSync(at('lying.zip'), lying);
  await zeroBomb(at('bomb.zip'), 3 * 1024 * MB);
  return [
    { name: 'a 300 MB "PNG" (a signature, then zeros)', file: at('zeros.zip') },
    { name: 'a PNG/HTML polyglot', file: at('polyglot.zip') },
    { name: 'a PNG with a 64 MB deflate bomb in a text chunk', file: at('text-bomb.zip') },
    { name: 'a manifest that lies about sizes', file: at('lying.zip') },
    { name: 'a zip bomb (3 GB of zeros in a few MB)', file: at('bomb.zip') },
  ];
}

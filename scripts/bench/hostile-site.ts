// The heavy-but-legitimate loads of `npm run bench:hostile`: a large original downloaded by many
// readers at once, and the export and import of a site with 2 GB of uploads. Files are made with
// sharp as noise (incompressible, so sizes on disk, on the wire and in the archive agree).
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import type { Outcome } from './server-watch.ts';
import type { BenchServer } from './site-server.ts';

/** A PNG of noise: about width × height × 3 bytes, since noise does not compress. */
export async function noisePng(width: number, height: number): Promise<Uint8Array> {
  const noise = { type: 'gaussian' as const, mean: 128, sigma: 60 };
  return sharp({ create: { width, height, channels: 3, background: '#000', noise } })
    .png({ compressionLevel: 0 })
    .toBuffer();
}

/**
 * Writes `totalBytes` of story covers (copies of one ~9.6 MB noise image, under the 10 MB a cover
 * may take, so an import accepts them) into a data folder's uploads, before its server starts.
 */
export async function fillUploads(dataDir: string, totalBytes: number): Promise<{ files: number; bytes: number }> {
  const image = await noisePng(1790, 1790);
  const folder = path.join(dataDir, 'uploads', 'covers');
  fs.mkdirSync(folder, { recursive: true });
  let bytes = 0;
  let files = 0;
  while (bytes + image.byteLength <= totalBytes) {
    fs.writeFileSync(path.join(folder, `bench-${String(files).padStart(4, '0')}.png`), image);
    bytes += image.byteLength;
    files++;
  }
  return { files, bytes };
}

/** Same-origin request headers of a signed-in admin. */
const adminHeaders = (server: BenchServer) => ({ origin: server.base, cookie: server.cookie });

/** Downloads the site's archive to `file`, streaming; its status and size. */
export async function exportTo(server: BenchServer, file: string): Promise<{ status: number; size: number }> {
  const response = await fetch(`${server.base}/api/admin/export`, { headers: adminHeaders(server) });
  if (!response.ok || !response.body) return { status: response.status, size: 0 };
  await pipeline(Readable.fromWeb(response.body as NodeReadableStream<Uint8Array>), fs.createWriteStream(file));
  return { status: response.status, size: fs.statSync(file).size };
}

/** Sends an archive file to the admin's import as the admin does (the whole body, streamed from disk). */
export async function importFrom(server: BenchServer, file: string): Promise<{ status: number; answer: string }> {
  const headers = { ...adminHeaders(server), 'content-type': 'application/zip' };
  const body = await fs.openAsBlob(file);
  const response = await fetch(`${server.base}/api/admin/import`, { method: 'POST', headers, body });
  return { status: response.status, answer: (await response.text()).slice(0, 200) };
}

/** Uploads one file to a gallery; the status and the answer. */
export async function galleryUpload(
  server: BenchServer,
  galleryId: number,
  name: string,
  bytes: Uint8Array,
): Promise<{ status: number; answer: string }> {
  const form = new FormData();
  form.set('gallery_id', String(galleryId));
  form.append('files[]', new Blob([bytes as Uint8Array<ArrayBuffer>], { type: 'application/octet-stream' }), name);
  const response = await fetch(`${server.base}/api/images/gallery-upload`, { method: 'POST', headers: adminHeaders(server), body: form });
  return { status: response.status, answer: await response.text() };
}

/** `clients` readers download `url` at once, each reading the whole answer. */
export async function downloadTogether(url: string, clients: number): Promise<Outcome> {
  const statuses = await Promise.all(
    Array.from({ length: clients }, async () => {
      const response = await fetch(url);
      const reader = response.body!.getReader();
      while (!(await reader.read()).done);
      return response.status;
    }),
  );
  return { statuses };
}

// Serving an upload (GET /api/uploads/*): streamed from the storage a chunk at a time as the client
// reads, with an ETag from the storage's record of the write and single byte ranges (decision 20).
import type { Context } from 'hono';
import { concatBytes } from '#core/bytes.ts';
import type { AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { noneMatch, rangeStillValid, selectRange, UNSATISFIABLE } from './byte-range.ts';
import { IMAGE_FORMATS, sniffImageFormat } from './image-bytes.ts';

/** Enough for every signature sniffImageFormat looks for (WebP's ends at byte 12). */
const SNIFF_BYTES = 16;

/** The ETag: the storage's version of the file, hashed to a fixed quotable form that tells nothing of the server. */
async function versionTag(version: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(version))).subarray(0, 16);
  return `"${btoa(String.fromCharCode(...digest))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')}"`;
}

/**
 * The first `n` bytes of a stream (fewer when it is shorter), and a stream of all of its `length`
 * bytes, those included. workerd frames an answer by its stream, not its Content-Length header,
 * and takes the length from `expectedLength` (other runtimes ignore the field).
 */
async function peek(
  stream: ReadableStream<Uint8Array>,
  n: number,
  length: number,
): Promise<{ prefix: Uint8Array; body: ReadableStream<Uint8Array> }> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  for (let taken = 0; taken < n; ) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    taken += value.byteLength;
  }
  const head = concatBytes(...chunks);
  const source: UnderlyingDefaultSource<Uint8Array> & { expectedLength: number } = {
    expectedLength: length,
    start: (controller) => void (head.byteLength > 0 && controller.enqueue(head)),
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  };
  return { prefix: head.subarray(0, n), body: new ReadableStream(source) };
}

const readAll = async (stream: ReadableStream<Uint8Array>) => new Uint8Array(await new Response(stream).arrayBuffer());

const fileNotFound = () => new AppError(404, 'File not found');

/**
 * Names never change content (each upload gets a new random name), so answers may be cached for a
 * year; the ETag still follows the file, so a file replaced behind our back is not served stale to
 * revalidating clients. The type comes from the first bytes, never from what was stored with them.
 */
export async function serveUpload(c: Context<AppEnv>, key: string | null): Promise<Response> {
  const { storage } = c.var.deps;
  const file = key ? await storage.stat(key) : null;
  if (!key || !file) throw fileNotFound();
  const etag = await versionTag(file.version);
  const headers: Record<string, string> = { ETag: etag, 'Cache-Control': 'public, max-age=31536000, immutable', 'Accept-Ranges': 'bytes' };
  if (noneMatch(c.req.header('If-None-Match'), etag)) return c.body(null, 304, headers);

  // Range is defined for GET only; HEAD describes the whole file.
  const isGet = c.req.method === 'GET';
  const range = isGet && rangeStillValid(c.req.header('If-Range'), etag) ? selectRange(c.req.header('Range'), file.size) : null;
  if (range === UNSATISFIABLE) throw new AppError(416, 'Range Not Satisfiable', { 'Content-Range': `bytes */${file.size}` });
  const { start, end } = range ?? { start: 0, end: file.size - 1 };

  const readOrGone = async (from: number, to: number) => (await storage.read(key, from, to)) ?? Promise.reject(fileNotFound());
  // The type comes from the body's own first bytes when it starts the file (the usual whole-file
  // GET), else from a read of the first few.
  let prefix: Uint8Array;
  let body: ReadableStream<Uint8Array> | null = null;
  if (isGet && start === 0 && end >= SNIFF_BYTES - 1) {
    ({ prefix, body } = await peek(await readOrGone(start, end), SNIFF_BYTES, end - start + 1));
  } else {
    prefix = file.size > 0 ? await readAll(await readOrGone(0, Math.min(SNIFF_BYTES, file.size) - 1)) : new Uint8Array();
    if (isGet && file.size > 0) body = await readOrGone(start, end);
  }

  const format = sniffImageFormat(prefix);
  headers['Content-Type'] = format ? IMAGE_FORMATS[format].mime : 'application/octet-stream';
  if (!format) headers['Content-Disposition'] = 'attachment';
  headers['Content-Length'] = String(end - start + 1);
  if (range) headers['Content-Range'] = `bytes ${start}-${end}/${file.size}`;
  const status = range ? 206 : 200;
  return body ? c.body(body, status, headers) : c.body(null, status, headers);
}

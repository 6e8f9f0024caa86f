import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeServiceWorker } from './service-worker.ts';

let dir: string;
let code: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'service-worker-test-'));
  await writeServiceWorker(dir);
  code = await fs.readFile(path.join(dir, 'sw.js'), 'utf8');
});
afterAll(() => fs.rm(dir, { recursive: true, force: true }));

describe('the offline worker file', () => {
  it('is one self-contained script: Workbox bundled in, nothing loaded from elsewhere, no development checks', () => {
    expect(code).toContain('pages-v1');
    expect(code).not.toMatch(/importScripts|\bimport\s*\(|https?:\/\/(?!www\.w3\.org)/);
    expect(code).not.toContain('process.env');
    // Small: the chapter page never waits for it, but every reader downloads it once.
    expect(Buffer.byteLength(code)).toBeLessThan(30 * 1024);
  });

  it('is the same bytes from the same code, so browsers install a new worker only when it changed', async () => {
    await writeServiceWorker(dir);
    expect(await fs.readFile(path.join(dir, 'sw.js'), 'utf8')).toBe(code);
  });
});

// Security suite (docs/product.md, Security): path traversal against upload serving (GET /api/uploads/…) and the
// Upload Manager's delete (POST /api/images/manage). Uploads live in a real folder here (the
// Node default, scripts/server/local-storage.ts) with secrets beside it and above it; requests
// go over a real socket so that "..", "%2e%2e" and "\" reach the server as sent, unnormalised.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { LocalFolderStorage } from '#scripts/server/local-storage.ts';
import { SAMPLE_IMAGES } from '#functions/uploads/sample-images.ts';

const t = useApiTestContext();

const SECRET = 'top secret: not an upload';
let dataDir: string;
let uploadsDir: string;
let server: ReturnType<typeof serve>;

beforeAll(async () => {
  server = serve({ fetch: (request) => t.app.fetch(request), port: 0, hostname: '127.0.0.1' });
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'traversal-test-'));
  uploadsDir = path.join(dataDir, 'uploads');
  // Beside the uploads folder (the database and the session secret live there), and in a folder
  // whose name starts like it (a prefix check without the separator would let it through).
  fs.writeFileSync(path.join(dataDir, 'secret.txt'), SECRET);
  fs.mkdirSync(path.join(dataDir, 'uploadsX'));
  fs.writeFileSync(path.join(dataDir, 'uploadsX', 'secret.txt'), SECRET);
  fs.mkdirSync(path.join(uploadsDir, 'covers'), { recursive: true });
  fs.writeFileSync(path.join(uploadsDir, 'covers', 'cover.gif'), SAMPLE_IMAGES.gif);
  t.deps.storage = new LocalFolderStorage(uploadsDir);
});

/** Every file under the data folder, to see that nothing was removed. */
const filesLeft = () => fs.readdirSync(dataDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length;

function rawGet(rawPath: string): Promise<{ status: number; body: string }> {
  const { port } = server.address() as AddressInfo;
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: rawPath, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode!, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    request.end();
  });
}

/** Ways to name a file outside covers/, as sent on the wire. */
const TRAVERSALS = [
  '../secret.txt',
  '../../secret.txt',
  'covers/../../secret.txt',
  'covers/../../uploadsX/secret.txt',
  '%2e%2e/secret.txt',
  '%2e%2e%2fsecret.txt',
  'covers%2f%2e%2e%2f%2e%2e%2fsecret.txt',
  '%252e%252e%252fsecret.txt',
  'covers/%252e%252e/%252e%252e/secret.txt',
  '..%5csecret.txt',
  'covers\\..\\..\\secret.txt',
  '..\\..\\secret.txt',
  '%2e%2e%5c%2e%2e%5csecret.txt',
  '....//....//secret.txt',
  '..%c0%afsecret.txt',
  '..%ef%bc%8fsecret.txt',
  `${encodeURIComponent(path.join(os.tmpdir(), 'x'))}/../secret.txt`,
  '/etc/passwd',
  '%2fetc%2fpasswd',
  'covers/cover.gif%00.txt',
  'covers/cover.gif\0',
];

describe('upload serving', () => {
  it('serves a real upload (the control)', async () => {
    expect((await rawGet('/api/uploads/covers/cover.gif')).status).toBe(200);
  });

  it.each(TRAVERSALS)('GET /api/uploads/%s never serves a file outside the uploads storage', async (attack) => {
    for (const prefix of ['/api/uploads/', '/api/uploads/covers/']) {
      const res = await rawGet(`${prefix}${attack.replace('\0', '%00')}`);
      expect(res.body).not.toContain(SECRET);
      expect([400, 404], `${prefix}${attack}: ${res.status}`).toContain(res.status);
    }
  });

  it('through app.request too (as in the serverless runtime)', async () => {
    for (const attack of TRAVERSALS) {
      const res = await t.call(`/api/uploads/${attack.replace('\0', '%00')}`);
      expect(await res.text()).not.toContain(SECRET);
      expect([400, 404], attack).toContain(res.status);
    }
  });
});

/** The path as a client would send it after decoding it once itself; as it is when it cannot be decoded. */
function decodedOnce(attack: string): string {
  try {
    return decodeURIComponent(attack);
  } catch {
    return attack;
  }
}

describe("the Upload Manager's delete", () => {
  const PATHS = [
    ...TRAVERSALS,
    ...TRAVERSALS.map((attack) => `/api/uploads/${attack}`),
    ...TRAVERSALS.map((attack) => `covers/${attack}`),
    ...TRAVERSALS.map(decodedOnce),
    'file:///etc/passwd',
    'https://evil.example/api/uploads/covers/cover.gif',
    '//evil.example/api/uploads/covers/cover.gif',
    'covers/',
    'covers',
    '.',
    '..',
  ];

  it.each(PATHS)('refuses %s and deletes nothing', async (attack) => {
    const cookie = await t.signedInAs('author');
    const before = filesLeft();
    const res = await t.call('/api/images/manage', { cookie, json: { action: 'delete', path: attack } });
    expect([400, 404], `${attack}: ${res.status}`).toContain(res.status);
    expect(filesLeft()).toBe(before);
    expect(fs.readFileSync(path.join(dataDir, 'secret.txt'), 'utf8')).toBe(SECRET);
  });

  it('refuses absolute paths to the secret and to the uploads folder itself', async () => {
    const cookie = await t.signedInAs('author');
    for (const attack of [path.join(dataDir, 'secret.txt'), `${uploadsDir}/../secret.txt`, path.join(uploadsDir, 'covers', 'cover.gif')]) {
      const res = await t.call('/api/images/manage', { cookie, json: { action: 'delete', path: attack } });
      expect([400, 404], attack).toContain(res.status);
    }
    expect(fs.existsSync(path.join(dataDir, 'secret.txt'))).toBe(true);
    expect(fs.existsSync(path.join(uploadsDir, 'covers', 'cover.gif'))).toBe(true);
  });

  it('deletes a real upload (the control)', async () => {
    const cookie = await t.signedInAs('author');
    const res = await t.call('/api/images/manage', { cookie, json: { action: 'delete', path: '/api/uploads/covers/cover.gif' } });
    expect(res.status).toBe(200);
    expect(fs.existsSync(path.join(uploadsDir, 'covers', 'cover.gif'))).toBe(false);
  });
});

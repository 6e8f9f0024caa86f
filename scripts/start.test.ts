// `npm start` as a newcomer runs it: the real server in a child process, its data folder outside
// the project. The static build must find the project's packages from wherever DATA_DIR is.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { killServer, type ServerProcess, startServerProcess, waitFor } from './test/server-process.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT = 60_000;

let dataDir: string;
let server: ServerProcess | undefined;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-test-'));
});
afterAll(() => {
  killServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it(
    'builds and serves the site with DATA_DIR outside the project, and stops cleanly on SIGTERM',
    async () => {
      const deadline = Date.now() + TIMEOUT - 10_000;
      // Half-written uploads of a server that was killed (a process id no longer running), and a whole one.
      const deadPid = spawnSync(process.execPath, ['-e', '']).pid;
      const uploads = path.join(dataDir, 'uploads');
      const leftUploads = {
        'covers/a.png': 'whole',
        [`covers/b.png.${deadPid}-1.partial`]: 'half',
        [`galleries/3/c.webp.${deadPid}-2.partial`]: 'half',
      };
      for (const [name, text] of Object.entries(leftUploads)) {
        fs.mkdirSync(path.dirname(path.join(uploads, name)), { recursive: true });
        fs.writeFileSync(path.join(uploads, name), text);
      }
      server = await startServerProcess({
        DATA_DIR: dataDir,
        ADMIN_PASSWORD: 'start-test-password',
        DATABASE_URL: '',
        DATABASE_DRIVER: '',
      });
      const page = await waitFor(server, '/', (r) => r.status === 200, deadline);
      expect(page.headers.get('content-type')).toContain('text/html');
      expect(await page.text()).toMatch(/<h1 id="author-name"[^>]*>Mara Quillon<\/h1>/);
      const author = await waitFor(server, '/api/author/get', (r) => r.ok, deadline);
      expect(await author.json()).toMatchObject({ success: true, profile: { name: 'Mara Quillon' } });

      // The published build holds the site only: no prerender chunks, and its staging folder is gone.
      const sitesDir = path.join(dataDir, 'site');
      const published = fs.readFileSync(path.join(sitesDir, 'current'), 'utf8').trim();
      expect(fs.existsSync(path.join(sitesDir, published, 'index.html'))).toBe(true);
      expect(fs.existsSync(path.join(sitesDir, published, '.prerender'))).toBe(false);
      const staging = path.join(REPO_ROOT, '.site', 'staging');
      const leftovers = fs.existsSync(staging) ? fs.readdirSync(staging).filter((e) => e.includes(published)) : [];
      expect(leftovers).toEqual([]);
      expect(fs.readdirSync(uploads, { recursive: true }).sort()).toEqual(['covers', 'covers/a.png', 'galleries', 'galleries/3']);
      expect(server.output()).toContain('uploads: removed 2 half-written files');

      process.kill(server.child.pid!, 'SIGTERM');
      expect(await server.exited).toEqual({ code: 0, signal: null });
      expect(server.output()).toContain('SIGTERM: stopping');
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
      expect(fs.readdirSync(dataDir).filter((name) => name.endsWith('.sock'))).toEqual([]); // its liveness socket (decision 19)
    },
    TIMEOUT,
  );
});

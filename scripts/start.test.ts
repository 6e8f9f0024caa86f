// `npm start` as a newcomer runs it: the real server in a child process, its data folder outside
// the project. The static build must find the project's packages from wherever DATA_DIR is.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/free-port.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const TIMEOUT = 60_000;


/** Polls `url` until `ready` accepts the answer, or the server exits, or the deadline passes. */
async function waitFor(url: string, child: ChildProcess, ready: (response: Response) => boolean, deadline: number) {
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const response = await fetch(url).catch(() => null);
    if (response && ready(response)) return response;
    if (Date.now() > deadline) throw new Error(`no answer from ${url} in time`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

let dataDir: string;
let child: ChildProcess | undefined;
let output = '';
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'start-test-'));
});
afterAll(() => {
  if (child?.exitCode === null) child.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('npm start', () => {
  it(
    'builds and serves the site with DATA_DIR outside the project, and stops cleanly on SIGTERM',
    async () => {
      const deadline = Date.now() + TIMEOUT - 10_000;
      const port = await freePort();
      const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1' };
      Object.assign(env, { ADMIN_PASSWORD: 'start-test-password', DATABASE_URL: '', DATABASE_DRIVER: '' });
      // Defaults for everything else (demo content seeded, local uploads, the default site URL).
      for (const name of Object.keys(env)) if (/^(SEED_DEMO_CONTENT|SITE_URL|S3_)/.test(name)) delete env[name];
      const server = spawn(process.execPath, ['scripts/start.ts'], { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
      child = server;
      server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
        server.on('exit', (code, signal) => resolve({ code, signal })),
      );
      const base = `http://127.0.0.1:${port}`;

      try {
        const page = await waitFor(`${base}/`, server, (r) => r.status === 200, deadline);
        expect(page.headers.get('content-type')).toContain('text/html');
        expect(await page.text()).toMatch(/<h1 id="author-name"[^>]*>Mara Quillon<\/h1>/);
        const author = await waitFor(`${base}/api/author/get`, server, (r) => r.ok, deadline);
        expect(await author.json()).toMatchObject({ success: true, profile: { name: 'Mara Quillon' } });
      } catch (error) {
        throw new Error(`${(error as Error).message}\nserver output:\n${output}`);
      }

      // The published build holds the site only: no prerender chunks, and its staging folder is gone.
      const sitesDir = path.join(dataDir, 'site');
      const published = fs.readFileSync(path.join(sitesDir, 'current'), 'utf8').trim();
      expect(fs.existsSync(path.join(sitesDir, published, 'index.html'))).toBe(true);
      expect(fs.existsSync(path.join(sitesDir, published, '.prerender'))).toBe(false);
      const staging = path.join(REPO_ROOT, '.site', 'staging');
      const leftovers = fs.existsSync(staging) ? fs.readdirSync(staging).filter((e) => e.includes(published)) : [];
      expect(leftovers).toEqual([]);

      process.kill(server.pid!, 'SIGTERM');
      expect(await exited).toEqual({ code: 0, signal: null });
      expect(output).toContain('SIGTERM: stopping');
      expect(fs.existsSync(path.join(dataDir, 'db.lock'))).toBe(false);
    },
    TIMEOUT,
  );
});

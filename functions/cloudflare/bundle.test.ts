// The Worker as wrangler bundles it for deployment (`wrangler deploy --dry-run`, no account):
// it builds without nodejs_compat, carries its WebAssembly as modules, and holds none of the Node
// server's drivers (pg, PGlite, sharp) nor any node: module.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'author-site-worker-bundle-'));
let inputs: string[] = [];
let imports: string[] = [];

beforeAll(async () => {
  // An assets folder of its own, so the test needs no built site.
  const assetsDir = path.join(outDir, 'assets');
  fs.mkdirSync(assetsDir);
  fs.writeFileSync(path.join(assetsDir, 'index.html'), '<h1>test</h1>');
  const metafile = path.join(outDir, 'meta.json');
  const wrangler = path.join(projectRoot, 'node_modules/wrangler/bin/wrangler.js');
  await promisify(execFile)(
    process.execPath,
    [wrangler, 'deploy', '--dry-run', '--outdir', path.join(outDir, 'bundle'), '--assets', assetsDir, '--metafile', metafile],
    {
      cwd: projectRoot,
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CI: '1', NO_COLOR: '1' },
    },
  );
  const meta = JSON.parse(fs.readFileSync(metafile, 'utf8')) as {
    inputs: Record<string, unknown>;
    outputs: Record<string, { imports: { path: string }[] }>;
  };
  inputs = Object.keys(meta.inputs);
  imports = Object.values(meta.outputs).flatMap((output) => output.imports.map((entry) => entry.path));
}, 120_000);
afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

describe('the Worker bundle', () => {
  it('starts from functions/cloudflare/worker.ts and includes the API', () => {
    expect(inputs).toContain('functions/cloudflare/worker.ts');
    expect(inputs).toContain('functions/app.ts');
    expect(inputs.some((input) => input.includes('node_modules/@neondatabase/serverless/'))).toBe(true);
  });

  it('holds no Node-only driver or image library', () => {
    const nodeOnly = inputs.filter((input) =>
      /node_modules\/(pg|pg-[a-z-]+|pgpass|@electric-sql|sharp|@img|@hono\/node-server)\//.test(input),
    );
    expect(nodeOnly).toEqual([]);
    expect(inputs.filter((input) => input.startsWith('db/connect') || input.startsWith('scripts/'))).toEqual([]);
  });

  it("parses S3's XML with the SDK's own parser, not the DOMParser Workers lack (wrangler.jsonc alias)", () => {
    expect(inputs).toContain('node_modules/@aws-sdk/xml-builder/dist-cjs/index.js');
    expect(inputs.filter((input) => input.includes('xml-parser.browser'))).toEqual([]);
  });

  it('imports no node: module', () => {
    expect([...inputs, ...imports].filter((name) => name.startsWith('node:'))).toEqual([]);
  });

  it('carries the image codecs and the password hashing as WebAssembly modules', () => {
    const wasm = fs.readdirSync(path.join(outDir, 'bundle')).filter((name) => name.endsWith('.wasm'));
    expect(wasm.map((name) => name.replace(/^[0-9a-f]+-/, '')).sort()).toEqual([
      'hash-wasm-0.wasm',
      'hash-wasm-1.wasm',
      'mozjpeg_dec.wasm',
      'squoosh_png_bg.wasm',
      'squoosh_resize_bg.wasm',
      'webp_dec.wasm',
      'webp_enc_simd.wasm',
    ]);
  });
});

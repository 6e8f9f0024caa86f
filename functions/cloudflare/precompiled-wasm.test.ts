// Password hashing as the Worker runs it: the runtime refuses to compile WebAssembly from bytes,
// and every binary hash-wasm needs is answered from the files wrangler bundles
// (scripts/cloudflare-wasm.mjs writes them; the same script runs as wrangler's build command).
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileWithPrecompiled, type PrecompiledWasm, usePrecompiledWasm } from './precompiled-wasm.ts';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const generated = path.join(projectRoot, 'node_modules/.cache/author-site-worker');
const originalCompile = WebAssembly.compile;
/** What workerd answers any compile from bytes with. */
const refuse = () => Promise.reject(new WebAssembly.CompileError('WebAssembly.compile(): Wasm code generation disallowed by embedder'));

let bundled: PrecompiledWasm[];

beforeAll(async () => {
  await promisify(execFile)(process.execPath, [path.join(projectRoot, 'scripts/cloudflare-wasm.mjs')], { cwd: projectRoot });
  bundled = await Promise.all(
    [0, 1].map(async (index) => {
      const bytes = new Uint8Array(await readFile(path.join(generated, `hash-wasm-${index}.bin`)));
      return { bytes, module: await originalCompile(await readFile(path.join(generated, `hash-wasm-${index}.wasm`))) };
    }),
  );
});
afterAll(() => {
  WebAssembly.compile = originalCompile;
});

describe('compileWithPrecompiled', () => {
  it('answers known bytes (as a buffer or a view) with their module and passes anything else on', async () => {
    const compile = compileWithPrecompiled(bundled, refuse);
    const [first] = bundled;
    expect(await compile(first!.bytes.slice().buffer)).toBe(first!.module);
    const padded = new Uint8Array(first!.bytes.length + 8);
    padded.set(first!.bytes, 4);
    expect(await compile(padded.subarray(4, 4 + first!.bytes.length))).toBe(first!.module);
    const changed = first!.bytes.slice();
    changed[changed.length - 1]! ^= 1;
    await expect(compile(changed)).rejects.toThrow('Wasm code generation disallowed by embedder');
  });

  it('lets argon2id hash and verify passwords where the runtime compiles nothing itself', async () => {
    WebAssembly.compile = refuse;
    usePrecompiledWasm(bundled);
    // Imported only now: hash-wasm compiles (and caches) its modules on first use.
    const { hashPassword, verifyPassword } = await import('#functions/auth/password.ts');
    const hash = await hashPassword('correct horse battery');
    expect(hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
  });
});

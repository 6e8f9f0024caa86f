// Run by wrangler before it bundles the Worker (wrangler.jsonc "build.command"). Workers may not
// compile WebAssembly from bytes at run time ("Wasm code generation disallowed by embedder"), but
// hash-wasm (argon2id for passwords) carries its binaries as base64 and compiles them on first use.
// This records the binaries hash-wasm compiles for argon2id and writes each one twice into
// node_modules/.cache/author-site-worker/: as .wasm (wrangler bundles it as a compiled module)
// and as .bin (its bytes), so the Worker can hand hash-wasm the compiled module for exactly those
// bytes (functions/cloudflare/precompiled-wasm.ts). Plain JavaScript: wrangler may start it with
// whatever `node` is on PATH.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const outDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules/.cache/author-site-worker');
/** The Worker imports exactly this many (functions/cloudflare/hash-wasm-modules.ts). */
const EXPECTED = 2;

const binaries = [];
const compile = WebAssembly.compile.bind(WebAssembly);
WebAssembly.compile = (bytes) => {
  binaries.push(new Uint8Array(bytes.slice(0)));
  return compile(bytes);
};
const { argon2id } = await import('hash-wasm');
await argon2id({
  password: 'p',
  salt: new Uint8Array(16),
  iterations: 1,
  parallelism: 1,
  memorySize: 8,
  hashLength: 32,
  outputType: 'encoded',
});
WebAssembly.compile = compile;

if (binaries.length !== EXPECTED) {
  console.error(
    `hash-wasm compiled ${binaries.length} WebAssembly modules for argon2id, the Worker expects ${EXPECTED}: update functions/cloudflare/hash-wasm-modules.ts`,
  );
  process.exit(1);
}
fs.mkdirSync(outDir, { recursive: true });
for (const [index, bytes] of binaries.entries()) {
  fs.writeFileSync(path.join(outDir, `hash-wasm-${index}.wasm`), bytes);
  fs.writeFileSync(path.join(outDir, `hash-wasm-${index}.bin`), bytes);
}
console.log(`Wrote hash-wasm's ${binaries.length} WebAssembly modules into ${outDir}`);

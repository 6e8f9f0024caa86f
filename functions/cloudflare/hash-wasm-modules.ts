// hash-wasm's binaries for argon2id, written by scripts/cloudflare-wasm.mjs (wrangler's build
// command) before each bundle: each as a compiled module (.wasm) and as its bytes (.bin, which
// wrangler bundles as an ArrayBuffer) so precompiled-wasm.ts can tell which bytes each module is.
import module0 from '../../node_modules/.cache/author-site-worker/hash-wasm-0.wasm?module';
import bytes0 from '../../node_modules/.cache/author-site-worker/hash-wasm-0.bin';
import module1 from '../../node_modules/.cache/author-site-worker/hash-wasm-1.wasm?module';
import bytes1 from '../../node_modules/.cache/author-site-worker/hash-wasm-1.bin';
import type { PrecompiledWasm } from './precompiled-wasm.ts';

export const hashWasmModules: PrecompiledWasm[] = [
  { bytes: new Uint8Array(bytes0), module: module0 },
  { bytes: new Uint8Array(bytes1), module: module1 },
];

// What wrangler makes of imported WebAssembly files (wasm-codecs.ts, hash-wasm-modules.ts): a
// .wasm file becomes a compiled WebAssembly.Module (the ?module suffix is wrangler's convention;
// it also keeps TypeScript from taking the .wasm.d.ts files that wasm-bindgen ships beside some of
// them), and a .bin file its bytes as an ArrayBuffer.
declare module '*.wasm?module' {
  const module: WebAssembly.Module;
  export default module;
}

declare module '*.bin' {
  const bytes: ArrayBuffer;
  export default bytes;
}

// Workers refuse to compile WebAssembly from bytes at run time; only modules bundled by wrangler
// can be instantiated. hash-wasm (argon2id, functions/auth/password.ts) compiles its embedded
// binaries on first use, so the Worker swaps WebAssembly.compile for one that answers those exact
// bytes with the module wrangler compiled from the same bytes (scripts/cloudflare-wasm.mjs). Any
// other bytes go to the runtime's own compile, which refuses them as before.

export interface PrecompiledWasm {
  bytes: Uint8Array;
  module: WebAssembly.Module;
}

function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function bytesOf(source: BufferSource): Uint8Array {
  return source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
}

/** A WebAssembly.compile that knows the given binaries; `compile` for anything else. */
export function compileWithPrecompiled(
  precompiled: readonly PrecompiledWasm[],
  compile: (source: BufferSource) => Promise<WebAssembly.Module>,
) {
  return async (source: BufferSource): Promise<WebAssembly.Module> => {
    const bytes = bytesOf(source);
    return precompiled.find((entry) => sameBytes(entry.bytes, bytes))?.module ?? compile(source);
  };
}

export function usePrecompiledWasm(precompiled: readonly PrecompiledWasm[]): void {
  WebAssembly.compile = compileWithPrecompiled(precompiled, WebAssembly.compile.bind(WebAssembly));
}

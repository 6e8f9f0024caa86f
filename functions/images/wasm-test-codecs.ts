// The codec modules for tests in Node, compiled from the .wasm files in node_modules (the Worker
// gets the same files through wrangler's .wasm imports: functions/cloudflare/wasm-codecs.ts).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import type { WasmCodecModules } from './wasm-images.ts';

const require = createRequire(import.meta.url);
const compile = async (file: string) => WebAssembly.compile(await readFile(require.resolve(file)));

export async function nodeCodecModules(): Promise<WasmCodecModules> {
  const [pngDecoder, jpegDecoder, webpDecoder, webpEncoder, resizer] = await Promise.all([
    compile('@jsquash/png/codec/pkg/squoosh_png_bg.wasm'),
    compile('@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm'),
    compile('@jsquash/webp/codec/dec/webp_dec.wasm'),
    compile('@jsquash/webp/codec/enc/webp_enc_simd.wasm'),
    compile('@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm'),
  ]);
  return { pngDecoder, jpegDecoder, webpDecoder, webpEncoder, resizer };
}

// The image codecs as the Worker gets them: wrangler bundles each imported .wasm file as a
// compiled WebAssembly.Module (its default rule for *.wasm), which workerd can instantiate without
// fetching anything. Node cannot import these; its tests compile the same files
// (functions/images/wasm-test-codecs.ts).
import jpegDecoder from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm?module';
import pngDecoder from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm?module';
import resizer from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm?module';
import webpDecoder from '@jsquash/webp/codec/dec/webp_dec.wasm?module';
import webpEncoder from '@jsquash/webp/codec/enc/webp_enc_simd.wasm?module';
import type { WasmCodecModules } from '#functions/images/wasm-images.ts';

export const workerCodecModules = async (): Promise<WasmCodecModules> => ({ pngDecoder, jpegDecoder, webpDecoder, webpEncoder, resizer });

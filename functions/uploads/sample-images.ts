// Tiny real images for tests (3x2 pixels, written by sharp/libvips 8.17 once and kept here as
// base64), covering the WebP and GIF variants the shared fixtures lack. Test data only: no
// route imports this module.
const decode = (base64: string) => Uint8Array.from(atob(base64), (ch) => ch.charCodeAt(0));

export const SAMPLE_IMAGES = {
  /** Lossy WebP: a bare "VP8 " chunk. */
  webpLossy: decode(
    'UklGRmQAAABXRUJQVlA4IFgAAADwAgCdASoDAAIAAUAmJagCdLoBQAKoAyQD9AAW7PazAADif/x223wt/87x3gqVDYDzZP/sxvj6yv4U3/5Nl/0xvj6yv4U3/loX3gaxymehwaRA5TOSQAAA',
  ),
  /** Lossless WebP: a bare "VP8L" chunk. */
  webpLossless: decode('UklGRjQAAABXRUJQVlA4TCgAAAAvAkAAEC8gEEjaH3qN+RcQFPk/moCg6LrlAvhBygSBABkixoGI/scG'),
  /** Extended WebP: VP8X, ALPH and VP8 chunks. */
  webpAlpha: decode(
    'UklGRn4AAABXRUJQVlA4WAoAAAAQAAAAAgAAAQAAQUxQSAcAAAAQ////gP8AAFZQOCBQAAAA8AEAnQEqAwACAAFAJiWoAnS6AAMI98FAAP4L8a4F2Rv5brz1BNqRN//3lD/yg2fw1/5sv/6XB/7lD/yg2fw1/5sv/0uD+Y8y/bMg2bUAAAA=',
  ),
  /** Animated WebP: VP8X, ANIM and two ANMF frames. */
  webpAnimated: decode(
    'UklGRhoBAABXRUJQVlA4WAoAAAASAAAAAgAAAQAAQU5JTQYAAAD/////AABBTk1GdAAAAAAAAAAAAAIAAAEAAGQAAAJBTFBIBwAAAAD///+A/wAAVlA4IEwAAADwAQCdASoDAAIAAUAmJagCdLoAAwkG+4AA/gvnlj8/391P8tK8r87kY+/+o0/7GW/Vz+5v/7xn/8jT/sZb9XP7m/+xd/NsXbBEKYAAQU5NRnIAAAAAAAAAAAACAAABAABkAAACQUxQSAcAAAAA/wD/AAD/AFZQOCBKAAAAsAIAnQEqAwACAAFAJiWoAnRHAH8AygD9AAW7WXhYAP7xtqYslrh0xhrleWpT+f+/2/F/B/obYQL//xTNdU/8lb//xTNdU9mAAAA=',
  ),
  /** GIF89a with a global colour table, a graphic control extension and one image. */
  gif: decode('R0lGODlhAwACAIIAAExpcQD/AP//AP8AAAD//wAA/wAAAAAAACH5BAUAAAAALAAAAAADAAIAAAMEOFFCkAA7'),
  /** Animated GIF: NETSCAPE2.0 loop extension, two frames, the second with a local colour table. */
  gifAnimated: decode(
    'R0lGODlhAwACAIIAAExpcQD/AP//AP8AAAD//wAA/wAAAAAAACH/C05FVFNDQVBFMi4wAwEAAAAh+QQJCgAAACwAAAAAAwACAAADBDhRQpAAIfkEBQoAAAAsAAAAAAMAAgCBTGlxAP8A/wAAgAD/AgQMBiAFADs=',
  ),
  /** Progressive JPEG: several scans (SOS) with Huffman tables between them. */
  jpegProgressive: decode(
    '/9j/2wBDAAMCAgMCAgMDAwMEAwMEBQgFBQQEBQoHBwYIDAoMDAsKCwsNDhIQDQ4RDgsLEBYQERMUFRUVDA8XGBYUGBIUFRT/2wBDAQMEBAUEBQkFBQkUDQsNFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBQUFBT/wgARCAACAAMDASIAAhEBAxEB/8QAFQABAQAAAAAAAAAAAAAAAAAAAAT/xAAVAQEBAAAAAAAAAAAAAAAAAAAGB//aAAwDAQACEAMQAAABjFyXf//EABYQAQEBAAAAAAAAAAAAAAAAAAQFAf/aAAgBAQABBQK+I+V//8QAGhEAAAcAAAAAAAAAAAAAAAAAAAEDBDRxsf/aAAgBAwEBPwFpHTosH//EABsRAAAHAQAAAAAAAAAAAAAAAAABAgQFNXOy/9oACAECAQE/AYSra5o5If/EABsQAAEEAwAAAAAAAAAAAAAAAAEAAwQREzJR/9oACAEBAAY/ApIwNUDWg4v/xAAXEAEBAQEAAAAAAAAAAAAAAAABMQAR/9oACAEBAAE/IRoQQQAcJv/aAAwDAQACAAMAAAAQ/wD/xAAWEQADAAAAAAAAAAAAAAAAAAAAUfD/2gAIAQMBAT8Qvof/xAAUEQEAAAAAAAAAAAAAAAAAAAAA/9oACAECAQE/EHD/xAAXEAEAAwAAAAAAAAAAAAAAAAABADFB/9oACAEBAAE/EBtgsACBQAAMCf/Z',
  ),
} as const;

/** Bytes of a string, for forged files ("<svg …>", "GIF89a…<script>"). */
export const textBytes = (text: string) => new TextEncoder().encode(text);

export { concatBytes } from '#core/bytes.ts';

// Text that goes into the EPUB's XML files: what XML 1.0 cannot hold is dropped (src/lib/safe-text.ts).
import { withoutControlCharacters } from '../safe-text.ts';

/** The text without the characters XML 1.0 cannot hold. */
export const xmlSafe = withoutControlCharacters;

/** Escaped for XML text and double-quoted attribute values. */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

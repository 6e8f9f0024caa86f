// Text that goes into the EPUB's XML files. XML 1.0 forbids most control characters (NUL among
// them) and lone surrogates even as character references, so they are dropped, not escaped.

const NOT_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without the characters XML 1.0 cannot hold. */
export function xmlSafe(text: string): string {
  return text.replace(NOT_XML, '');
}

/** Escaped for XML text and double-quoted attribute values. */
export function escapeXml(text: string): string {
  return xmlSafe(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

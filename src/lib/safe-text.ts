// Characters no page, feed or book may carry. XML 1.0 forbids most C0 controls (NUL among them)
// and lone surrogates even as character references; HTML calls every control but tab, line feed,
// form feed and carriage return, and the noncharacters, parse errors. One list for the chapter
// pages (src/lib/markdown.ts), the feeds and the EPUB: they are dropped, never escaped.

const FORBIDDEN = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\uD800-\uDFFF]|\p{Noncharacter_Code_Point}/gu;

/** The text without control characters, lone surrogates and noncharacters (tab, line feed and carriage return stay). */
export function withoutControlCharacters(text: string): string {
  return text.replace(FORBIDDEN, '');
}

// Markdown without one uploaded file, for a forced delete of a file in use (docs/product.md,
// "Deleting an upload that is in use"): its images go, links to it keep their text, reference
// definitions of it go. Any spelling of its address counts ("/api/uploads/…", "https://…/uploads/…").

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
/** A Markdown link title: "…", '…' or (…). */
const TITLE = String.raw`(?:\s+(?:"[^"]*"|'[^']*'|\([^)]*\)))?`;

export function withoutUpload(markdown: string, key: string): string {
  // The address, ending where the key ends (so "x.png" never matches inside "x.png2").
  const file = `uploads/${escapeRegExp(key)}(?![A-Za-z0-9._-])`;
  const address = String.raw`<?[^\s()<>"']*${file}>?`;
  const definition = new RegExp(String.raw`^ {0,3}\[([^\]]+)\]:[ \t]*${address}.*(?:\r?\n|$)`, 'gm');
  // Labels compare case-insensitively in Markdown ("[Map]" uses "[map]: …").
  const labels = [...markdown.matchAll(definition)].map((match) => escapeRegExp(match[1]!));
  const byLabel = labels.length > 0 ? `(?:${labels.join('|')})` : null;
  let text = markdown
    .replace(definition, '')
    .replace(new RegExp(String.raw`!\[[^\]]*\]\(\s*${address}${TITLE}\s*\)`, 'g'), '')
    .replace(new RegExp(String.raw`<img\b[^>]*?${file}[^>]*>`, 'gi'), '')
    .replace(new RegExp(String.raw`\[([^\]]*)\]\(\s*${address}${TITLE}\s*\)`, 'g'), '$1');
  if (byLabel) {
    text = text
      .replace(new RegExp(String.raw`!\[[^\]]*\]\[${byLabel}\]|!\[${byLabel}\](?:\[\])?`, 'gi'), '')
      .replace(new RegExp(String.raw`\[([^\]]*)\]\[${byLabel}\]`, 'gi'), '$1');
  }
  return text;
}

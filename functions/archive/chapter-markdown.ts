// A chapter in the archive: a Markdown file whose YAML front matter holds every column but the
// content, and whose body after the closing "---" line is the content, byte for byte (no newline
// is added or taken away), so an author can read and edit the archive in any text editor.
import { parseDocument, stringify } from 'yaml';

const OPENING = '---\n';
const CLOSING = '\n---\n';

export type ChapterRow = Record<string, unknown> & { content: string };

export function chapterToMarkdown(row: ChapterRow): string {
  const { content, ...columns } = row;
  // Core schema: timestamps and other strings stay strings, never YAML 1.1 dates or booleans.
  return `${OPENING}${stringify(columns, { schema: 'core', lineWidth: 0 })}${CLOSING.slice(1)}${content}`;
}

/** The chapter row a Markdown file holds, or the reason it is not one of ours. */
export function chapterFromMarkdown(text: string): { row: ChapterRow } | { error: string } {
  if (!text.startsWith(OPENING)) return { error: 'does not start with front matter ("---")' };
  const end = text.indexOf(CLOSING, OPENING.length - 1);
  if (end < 0) return { error: 'has no end to its front matter ("---")' };
  const document = parseDocument(text.slice(OPENING.length, end + 1), { schema: 'core', uniqueKeys: true });
  if (document.errors.length > 0) return { error: `has unreadable front matter (${document.errors[0]!.message.split('\n')[0]})` };
  const columns: unknown = document.toJS();
  if (typeof columns !== 'object' || columns === null || Array.isArray(columns))
    return { error: 'has front matter that is not a list of fields' };
  if ('content' in columns) return { error: 'names "content" in its front matter' };
  return { row: { ...(columns as Record<string, unknown>), content: text.slice(end + CLOSING.length) } };
}

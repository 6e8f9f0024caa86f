// Reading a chapter file in the browser, with the same limits the server applies.
import { CHAPTER_FILE_MAX_BYTES } from '#lib/limits.ts';

export const CHAPTER_FILE_ACCEPT = '.md,.markdown,.txt,text/markdown,text/plain';

/** The file's text, or throws an Error whose message is for the person. */
export async function readMarkdownFile(file: File): Promise<string> {
  if (!/\.(md|markdown|txt)$/i.test(file.name)) throw new Error(`"${file.name}": only .md, .markdown and .txt files can be used`);
  if (file.size > CHAPTER_FILE_MAX_BYTES) throw new Error(`"${file.name}": the file is larger than 1 MB`);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    throw new Error(`"${file.name}": the file is not UTF-8 text`);
  }
}

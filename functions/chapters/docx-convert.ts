// A checked .docx (docx-archive.ts) to Markdown chapters: mammoth turns the document into HTML,
// the paste converter (src/lib/rich-paste.ts) turns that into Markdown, then the text is cut at
// each Heading 1 or kept whole (docs/product.md, "Importing and pasting").
import domino from '@mixmark-io/domino';
import mammoth from 'mammoth';
import { nodeToMarkdown } from '#lib/rich-paste.ts';

export type DocxSplit = 'none' | 'heading1';

export interface DocxChapter {
  title: string;
  /** Markdown without the title's heading; pictures are `![alt](/docx-image/N)` until they are stored. */
  markdown: string;
}

export interface DocxText {
  chapters: DocxChapter[];
  /** The pictures inside the document, in order of appearance (N above). */
  images: Uint8Array[];
}

/** A site path, so the converter keeps the picture: replaced by the stored upload's address. */
export const DOCX_IMAGE_PREFIX = '/docx-image/';

const STYLE_MAP = [
  "p[style-name='Title'] => h1:fresh",
  "p[style-name='Heading 1'] => h1:fresh",
  "p[style-name='Heading 2'] => h2:fresh",
  "p[style-name='Heading 3'] => h3:fresh",
];

const HEADING_1 = /^# (.+)$/gm;
const FIRST_HEADING = /^#{1,6} (.+)$/m;

/** "Chapter\\_1" as turndown escapes it → "Chapter_1": a title is plain text. */
const unescapeMarkdown = (text: string) => text.replace(/\\([\\`*_{}[\]()#+\-.!>~|])/g, '$1').trim();

async function documentHtml(docx: Uint8Array, images: Uint8Array[]): Promise<string> {
  const convertImage = mammoth.images.imgElement(async (image) => {
    try {
      images.push(new Uint8Array(await image.readAsArrayBuffer()));
      return { src: `${DOCX_IMAGE_PREFIX}${images.length - 1}` };
    } catch {
      return { src: '' }; // a linked picture: never fetched, its alt text stays
    }
  });
  // `buffer` for mammoth's Node build, `arrayBuffer` for its browser build (the one workerd gets).
  const input = { buffer: docx, arrayBuffer: docx } as unknown as { arrayBuffer: ArrayBuffer };
  const { value } = await mammoth.convertToHtml(input, { styleMap: STYLE_MAP, convertImage });
  return value;
}

function split(markdown: string, fileTitle: string, how: DocxSplit): DocxChapter[] {
  if (how === 'none') {
    const heading = FIRST_HEADING.exec(markdown);
    if (!heading) return [{ title: fileTitle, markdown }];
    // A heading that opens the document is its title; one further down stays in the text.
    return [{ title: unescapeMarkdown(heading[1]!), markdown: heading.index === 0 ? markdown.slice(heading[0].length).trim() : markdown }];
  }
  const headings = [...markdown.matchAll(HEADING_1)];
  if (headings.length === 0) return [{ title: fileTitle, markdown }];
  const before = markdown.slice(0, headings[0]!.index).trim();
  return headings.map((heading, i) => {
    const body = markdown.slice(heading.index + heading[0].length, headings[i + 1]?.index ?? markdown.length).trim();
    // Text before the first heading (a dedication, a note) belongs to the first chapter.
    return { title: unescapeMarkdown(heading[1]!), markdown: i === 0 && before ? `${before}\n\n${body}` : body };
  });
}

/** The document's chapters and pictures; throws when mammoth cannot read the document. */
export async function docxToChapters(docx: Uint8Array, fileTitle: string, how: DocxSplit): Promise<DocxText> {
  const images: Uint8Array[] = [];
  const html = await documentHtml(docx, images);
  const markdown = nodeToMarkdown(domino.createDocument(`<!doctype html><body>${html}</body>`).body);
  return { chapters: split(markdown, fileTitle, how), images };
}

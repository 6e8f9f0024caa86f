// The text files of the book: the OCF container, the package document (metadata, manifest,
// spine), the navigation document and its EPUB 2 twin (toc.ncx, for older readers), and the
// XHTML pages. Every value passes escapeXml; chapter bodies arrive as XHTML already.
import type { EmbeddedImage } from './images.ts';
import { escapeXml } from './xml.ts';

export const CONTAINER_XML = `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="EPUB/package.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`;

export const STYLESHEET = `body { margin: 0 5%; font-family: serif; line-height: 1.5; }
h1, h2, h3 { line-height: 1.2; page-break-after: avoid; }
p { margin: 0 0 0.8em; }
blockquote { margin: 1em 1.5em; font-style: italic; }
img { max-width: 100%; height: auto; }
.kicker { margin: 2em 0 0.25em; font-size: 0.85em; letter-spacing: 0.06em; text-transform: uppercase; }
.page-break { margin: 1.5em 0; text-align: center; }
.page-break img { width: 60%; }
hr.page-break { width: 30%; margin: 1.5em auto; border: 0; border-top: 1px solid currentColor; }
.cover { margin: 0; padding: 0; text-align: center; }
.cover img { max-height: 100%; }
.title-page { text-align: center; }
.title-page h1 { margin-top: 20%; }
.title-page .blurb { text-align: left; margin-top: 2em; }
.source { margin-top: 2em; font-size: 0.85em; }
.content-warnings, .author-note { margin: 1em 0; padding: 0.5em 1em; border: 1px solid currentColor; }
.content-warnings h2 { margin: 0.25em 0; font-size: 1em; }
.author-note summary { font-weight: bold; }
.footnotes { margin-top: 2em; font-size: 0.9em; }
.missing-image { font-style: italic; }
`;

export interface BookMetadata {
  identifier: string;
  title: string;
  author: string;
  description: string;
  subjects: string[];
  /** dc:date, when the story first came out: CCYY-MM-DDThh:mm:ssZ. */
  date: string;
  /** dcterms:modified: CCYY-MM-DDThh:mm:ssZ. */
  modified: string;
  storyUrl: string;
}

export interface ChapterEntry {
  id: string;
  href: string;
  /** As the table of contents shows it. */
  label: string;
}

export interface TextItem {
  id: string;
  href: string;
  properties?: string;
}

function page(title: string, body: string, bodyType?: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en-US" lang="en-US">
<head>
<meta charset="UTF-8"/>
<title>${escapeXml(title)}</title>
<link rel="stylesheet" type="text/css" href="style.css"/>
</head>
<body${bodyType ? ` epub:type="${bodyType}"` : ''}>
${body}
</body>
</html>
`;
}

export function coverPage(book: BookMetadata, cover: EmbeddedImage | null): string {
  const content = cover ? `<img src="${cover.href}" alt="${escapeXml(`Cover of ${book.title}`)}"/>` : `<h1>${escapeXml(book.title)}</h1>`;
  return page(book.title, `<section class="cover" epub:type="cover">${content}</section>`, 'frontmatter');
}

export function titlePage(book: BookMetadata, blurbXhtml: string): string {
  return page(
    book.title,
    `<section class="title-page" epub:type="titlepage">
<h1>${escapeXml(book.title)}</h1>
<p class="author">by ${escapeXml(book.author)}</p>
<div class="blurb">${blurbXhtml}</div>
<p class="source">Read it online at <a href="${escapeXml(book.storyUrl)}">${escapeXml(book.storyUrl)}</a></p>
</section>`,
    'frontmatter',
  );
}

export function chapterPage(chapterNumber: number, title: string, bodyXhtml: string): string {
  return page(
    `Chapter ${chapterNumber}: ${title}`,
    `<section epub:type="chapter">
<p class="kicker">Chapter ${chapterNumber}</p>
<h1>${escapeXml(title)}</h1>
${bodyXhtml}
</section>`,
    'bodymatter',
  );
}

export function navDocument(book: BookMetadata, chapters: ChapterEntry[]): string {
  const items = chapters.map((chapter) => `<li><a href="${chapter.href}">${escapeXml(chapter.label)}</a></li>`).join('\n');
  const start = chapters[0] ? `\n<li><a epub:type="bodymatter" href="${chapters[0].href}">Start reading</a></li>` : '';
  return page(
    book.title,
    `<nav epub:type="toc" id="toc">
<h1>Contents</h1>
<ol>
<li><a href="title.xhtml">${escapeXml(book.title)}</a></li>
${items}
</ol>
</nav>
<nav epub:type="landmarks" id="landmarks" hidden="hidden">
<ol>
<li><a epub:type="cover" href="cover.xhtml">Cover</a></li>
<li><a epub:type="toc" href="nav.xhtml">Contents</a></li>${start}
</ol>
</nav>`,
  );
}

export function ncxDocument(book: BookMetadata, chapters: ChapterEntry[]): string {
  const points = [{ id: 'title-page', href: 'title.xhtml', label: book.title }, ...chapters].map(
    (entry, index) => `<navPoint id="nav-${entry.id}" playOrder="${index + 1}">
<navLabel><text>${escapeXml(entry.label)}</text></navLabel>
<content src="${entry.href}"/>
</navPoint>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1" xml:lang="en-US">
<head>
<meta name="dtb:uid" content="${escapeXml(book.identifier)}"/>
<meta name="dtb:depth" content="1"/>
<meta name="dtb:totalPageCount" content="0"/>
<meta name="dtb:maxPageNumber" content="0"/>
</head>
<docTitle><text>${escapeXml(book.title)}</text></docTitle>
<docAuthor><text>${escapeXml(book.author)}</text></docAuthor>
<navMap>
${points.join('\n')}
</navMap>
</ncx>
`;
}

/** The package document; `spine` lists the text items in reading order. */
export function packageDocument(book: BookMetadata, spine: TextItem[], images: readonly EmbeddedImage[], coverId: string | null): string {
  const subjects = book.subjects.map((subject) => `<dc:subject>${escapeXml(subject)}</dc:subject>`).join('\n');
  const description = book.description ? `<dc:description>${escapeXml(book.description)}</dc:description>\n` : '';
  const textItems = spine.map(
    (item) =>
      `<item id="${item.id}" href="${item.href}" media-type="application/xhtml+xml"${item.properties ? ` properties="${item.properties}"` : ''}/>`,
  );
  const imageItems = images.map(
    (image) =>
      `<item id="${image.id}" href="${image.href}" media-type="${image.mediaType}"${image.id === coverId ? ' properties="cover-image"' : ''}/>`,
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="en-US">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="book-id">${escapeXml(book.identifier)}</dc:identifier>
<dc:title>${escapeXml(book.title)}</dc:title>
<dc:creator id="author">${escapeXml(book.author)}</dc:creator>
<meta refines="#author" property="role" scheme="marc:relators">aut</meta>
<dc:publisher>${escapeXml(book.author)}</dc:publisher>
<dc:date>${book.date}</dc:date>
<dc:language>en-US</dc:language>
${description}${subjects ? `${subjects}\n` : ''}<dc:source>${escapeXml(book.storyUrl)}</dc:source>
<meta property="dcterms:modified">${book.modified}</meta>
${coverId ? `<meta name="cover" content="${coverId}"/>\n` : ''}</metadata>
<manifest>
<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>
<item id="style" href="style.css" media-type="text/css"/>
${[...textItems, ...imageItems].join('\n')}
</manifest>
<spine toc="ncx">
${spine.map((item) => `<itemref idref="${item.id}"/>`).join('\n')}
</spine>
</package>
`;
}

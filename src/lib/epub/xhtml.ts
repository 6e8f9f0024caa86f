// The site's sanitised chapter HTML (src/lib/markdown.ts) as well-formed XHTML for the book:
// parsed leniently as HTML (unclosed tags, stray `&`), written back as XML. Images point at their
// embedded copies or give way to their alt text and a note; a page break whose image cannot be
// embedded becomes a styled rule; links go where ./links.ts says; footnotes become EPUB 3 notes
// (an `aside` each, and `noteref` links), which reading systems show as pop-ups.
import render from 'dom-serializer';
import { type ChildNode, Element, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { EmbedImage } from './images.ts';
import type { BookLinks } from './links.ts';
import { escapeXml, xmlSafe } from './xml.ts';

/** Attributes the web page needs and an EPUB 3.2 document does not allow. */
const WEB_ONLY_ATTRIBUTES = ['loading', 'decoding'];

export async function htmlToXhtml(html: string, images: EmbedImage, links: BookLinks): Promise<string> {
  const tree = parseDocument(xmlSafe(html));
  const elements = collectElements(tree.children);
  const notes = footnotesToAsides(elements);
  for (const element of elements) {
    for (const name of WEB_ONLY_ATTRIBUTES) delete element.attribs[name];
    if (element.name === 'a') rewriteLink(element, links, notes);
  }
  await Promise.all(elements.filter((element) => element.name === 'img').map((img) => embedImage(img, images)));
  escapeTree(tree.children);
  // Escaped above with only the five XML entities, so the text stays readable UTF-8 (dom-serializer's
  // XML mode would write every non-ASCII character as a numeric reference).
  return render(tree, { xmlMode: true, encodeEntities: false });
}

function collectElements(nodes: ChildNode[], into: Element[] = []): Element[] {
  for (const node of nodes) {
    if (node instanceof Element) {
      into.push(node);
      collectElements(node.children, into);
    }
  }
  return into;
}

function escapeTree(nodes: ChildNode[]): void {
  for (const node of nodes) {
    if (node instanceof Text) node.data = escapeXml(node.data);
    else if (node instanceof Element) {
      for (const [name, value] of Object.entries(node.attribs)) node.attribs[name] = escapeXml(value);
      escapeTree(node.children);
    }
  }
}

function rewriteLink(link: Element, links: BookLinks, notes: ReadonlySet<string>): void {
  const href = link.attribs['href'];
  if (href === undefined) return;
  const target = links(href);
  // Relative to a web page that is not in the book: kept as text.
  if (target === null) delete link.attribs['href'];
  else link.attribs['href'] = target;
  // An absolute address of the site that now opens a page of the book is no other site's.
  if (!/^https?:/i.test(target ?? '')) delete link.attribs['rel'];
  if (href.startsWith('#') && notes.has(href.slice(1)) && link.parent instanceof Element && link.parent.name === 'sup')
    link.attribs['epub:type'] = 'noteref';
}

/**
 * The page's numbered list of notes (marked-footnote's `section.footnotes > ol > li`) as one
 * `aside epub:type="footnote"` per note, its number in front: reading systems that show notes as
 * pop-ups hide asides from the flow, which would leave a list of empty numbers. The notes' ids.
 */
function footnotesToAsides(elements: Element[]): Set<string> {
  const ids = new Set<string>();
  for (const section of elements.filter((element) => element.name === 'section' && element.attribs['class'] === 'footnotes')) {
    for (const list of section.children.filter((node): node is Element => node instanceof Element && node.name === 'ol')) {
      const asides = list.children
        .filter((node): node is Element => node instanceof Element && node.name === 'li')
        .map((item, index) => {
          ids.add(item.attribs['id'] ?? '');
          item.name = 'aside';
          item.attribs['epub:type'] = 'footnote';
          const first = item.children.find((node) => node instanceof Element);
          const number = new Text(`${index + 1}. `);
          if (first instanceof Element && first.name === 'p') prepend(first, number);
          else prepend(item, new Element('p', {}, [number]));
          return item;
        });
      replaceNode(list, ...asides);
    }
  }
  return ids;
}

function prepend(parent: Element, node: ChildNode): void {
  parent.children.unshift(node);
  node.parent = parent;
}

async function embedImage(img: Element, images: EmbedImage): Promise<void> {
  const embedded = await images.embed(img.attribs['src'] ?? '');
  if (embedded) {
    img.attribs['src'] = embedded.href;
    img.attribs['alt'] ??= '';
    return;
  }
  const pageBreak = img.parent instanceof Element && img.parent.attribs['class'] === 'page-break' ? img.parent : null;
  if (pageBreak) replaceNode(pageBreak, new Element('hr', { class: 'page-break' }));
  else replaceNode(img, new Element('span', { class: 'missing-image' }, [new Text(missingImageNote(img.attribs['alt'] ?? ''))]));
}

/** What the book shows for an image it could not embed: its alt text and a note that it is not there. */
export const missingImageNote = (alt: string) => (alt.trim() ? `[Image: ${alt.trim()}]` : '[Image not included]');

function replaceNode(node: ChildNode, ...replacements: ChildNode[]): void {
  const siblings = node.parent?.children;
  if (!siblings) return;
  siblings.splice(siblings.indexOf(node), 1, ...replacements);
  for (const replacement of replacements) replacement.parent = node.parent;
}

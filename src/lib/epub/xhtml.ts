// The site's sanitised chapter HTML (src/lib/markdown.ts) as well-formed XHTML for the book:
// parsed leniently as HTML (unclosed tags, stray `&`), written back as XML. Images point at their
// embedded copies or give way to their alt text; a page break whose image cannot be embedded
// becomes a styled rule; links to the site's own pages become absolute, since a book has no site
// around it. Links to other web pages stay: the reader follows them, the book never loads them.
import render from 'dom-serializer';
import { type ChildNode, Element, Text } from 'domhandler';
import { parseDocument } from 'htmlparser2';
import type { ImageEmbedder } from './images.ts';
import { escapeXml, xmlSafe } from './xml.ts';

/** Attributes the web page needs and an EPUB 3.2 document does not allow. */
const WEB_ONLY_ATTRIBUTES = ['loading', 'decoding'];

export async function htmlToXhtml(html: string, images: ImageEmbedder, siteOrigin: string): Promise<string> {
  const tree = parseDocument(xmlSafe(html));
  const elements = collectElements(tree.children);
  for (const element of elements) {
    for (const name of WEB_ONLY_ATTRIBUTES) delete element.attribs[name];
    if (element.name === 'a') rewriteLink(element, siteOrigin);
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

function rewriteLink(link: Element, siteOrigin: string): void {
  const href = link.attribs['href'] ?? '';
  if (/^(?:https?:|mailto:|#)/i.test(href)) return;
  if (href.startsWith('/') && !href.startsWith('//')) link.attribs['href'] = `${siteOrigin}${href}`;
  // Relative to a web page that is not in the book: kept as text.
  else delete link.attribs['href'];
}

async function embedImage(img: Element, images: ImageEmbedder): Promise<void> {
  const embedded = await images.embed(img.attribs['src'] ?? '');
  if (embedded) {
    img.attribs['src'] = embedded.href;
    img.attribs['alt'] ??= '';
    return;
  }
  const pageBreak = img.parent instanceof Element && img.parent.attribs['class'] === 'page-break' ? img.parent : null;
  if (pageBreak) replaceNode(pageBreak, new Element('hr', { class: 'page-break' }));
  else replaceNode(img, new Text(img.attribs['alt'] ?? ''));
}

function replaceNode(node: ChildNode, replacement: ChildNode): void {
  const siblings = node.parent?.children;
  if (!siblings) return;
  siblings[siblings.indexOf(node)] = replacement;
  replacement.parent = node.parent;
}

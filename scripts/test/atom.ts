// Reads an Atom feed back for tests, with the strict XML reader of ./xml.ts: malformed XML or an
// unknown entity throws instead of being guessed at.
import { childElements, ownText, parseXml, type XmlElement as Element } from './xml.ts';

export interface AtomEntry {
  /** Texts as a reader shows them: type="html" texts are decoded once more. */
  title: string;
  id: string;
  link: string;
  updated: string;
  published: string | undefined;
  summary: string | undefined;
  /** The HTML of a type="html" <content>, as a reader gets it. */
  content: string | undefined;
  /** The terms of its <category> elements. */
  categories: string[];
}

export interface AtomFeed {
  lang: string | undefined;
  id: string;
  title: string;
  subtitle: string | undefined;
  updated: string;
  icon: string | undefined;
  logo: string | undefined;
  rights: string | undefined;
  author: string | undefined;
  selfLink: string | undefined;
  alternateLink: string | undefined;
  categories: string[];
  entries: AtomEntry[];
}

export function parseAtom(xml: string): AtomFeed {
  const root = parseXml(xml);
  if (root.name !== 'feed' || root.attributes['xmlns'] !== 'http://www.w3.org/2005/Atom') throw new Error('not an Atom feed');
  const links = children(root, 'link');
  const linkTo = (rel: string) => links.find((link) => (link.attributes['rel'] ?? 'alternate') === rel)?.attributes['href'];
  return {
    lang: root.attributes['xml:lang'],
    id: text(child(root, 'id')),
    title: text(child(root, 'title')),
    subtitle: optionalText(child(root, 'subtitle')),
    updated: text(child(root, 'updated')),
    icon: optionalText(child(root, 'icon')),
    logo: optionalText(child(root, 'logo')),
    rights: optionalText(child(root, 'rights')),
    author: optionalText(child(child(root, 'author'), 'name')),
    selfLink: linkTo('self'),
    alternateLink: linkTo('alternate'),
    categories: categoryTerms(root),
    entries: children(root, 'entry').map((entry) => ({
      title: text(child(entry, 'title')),
      id: text(child(entry, 'id')),
      link: child(entry, 'link')?.attributes['href'] as string,
      updated: text(child(entry, 'updated')),
      published: optionalText(child(entry, 'published')),
      summary: optionalText(child(entry, 'summary')),
      content: child(entry, 'content') && ownText(child(entry, 'content')!),
      categories: categoryTerms(entry),
    })),
  };
}

const children = (parent: Element | undefined, name: string) =>
  parent ? childElements(parent).filter((element) => element.name === name) : [];
const child = (parent: Element | undefined, name: string) => children(parent, name)[0];
const categoryTerms = (parent: Element) => children(parent, 'category').map((category) => String(category.attributes['term']));

function optionalText(element: Element | undefined): string | undefined {
  if (!element) return undefined;
  const raw = ownText(element);
  return element.attributes['type'] === 'html' ? decodeHtml(raw) : raw;
}

function text(element: Element | undefined): string {
  const value = optionalText(element);
  if (value === undefined) throw new Error('missing element');
  return value;
}

/** Plain text escaped as HTML back to text; any tag left is kept as written, so a test sees it. */
function decodeHtml(html: string): string {
  return html.replace(/&(amp|lt|gt|quot|#39);/g, (_, name: string) => ({ amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'" })[name]!);
}

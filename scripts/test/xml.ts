// A strict XML reader for tests of the files the site writes (feeds, sitemaps): htmlparser2 reads
// the tags, and what it would forgive throws here instead of being guessed at: an element closed
// by another's end tag or never closed, an entity XML does not define, text outside the root.
import { Parser } from 'htmlparser2';

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  /** Text (entities decoded, CDATA as written) and child elements, in document order. */
  children: (XmlElement | string)[];
}

const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Decodes the five XML entities and character references; any other `&` throws. */
function decodeXml(raw: string): string {
  return raw.replace(/&([^;&\s]*);?/g, (match, name: string) => {
    if (match.endsWith(';')) {
      const code = /^#x([0-9a-f]+)$/i.exec(name)?.[1] ?? /^#([0-9]+)$/.exec(name)?.[1];
      if (code !== undefined) return String.fromCodePoint(Number.parseInt(code, name[1] === 'x' || name[1] === 'X' ? 16 : 10));
      if (name in XML_ENTITIES) return XML_ENTITIES[name]!;
    }
    throw new Error(`not an XML entity: ${match}`);
  });
}

export function parseXml(xml: string): XmlElement {
  const roots: XmlElement[] = [];
  const open: XmlElement[] = [];
  let inCdata = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        const element: XmlElement = {
          name,
          attributes: Object.fromEntries(Object.entries(attributes).map(([key, value]) => [key, decodeXml(value)])),
          children: [],
        };
        (open.at(-1)?.children ?? roots).push(element);
        open.push(element);
      },
      onclosetag(name, isImplied) {
        // htmlparser2 calls a self-closed tag (`<link/>`) implied too; any other implied end is an error.
        const selfClosed = xml[parser.endIndex - 1] === '/' && xml[parser.endIndex] === '>';
        if (isImplied && !selfClosed) throw new Error(`<${name}> is not closed`);
        open.pop();
      },
      ontext(text) {
        const parent = open.at(-1);
        if (!parent) {
          if (text.trim()) throw new Error('text outside the root element');
          return;
        }
        parent.children.push(inCdata ? text : decodeXml(text));
      },
      oncdatastart: () => (inCdata = true),
      oncdataend: () => (inCdata = false),
    },
    { xmlMode: true, decodeEntities: false },
  );
  parser.end(xml);
  if (roots.length !== 1) throw new Error(`${roots.length} root elements`);
  return roots[0]!;
}

/** The text directly inside an element, without its children's. */
export const ownText = (element: XmlElement) => element.children.filter((node) => typeof node === 'string').join('');

export const childElements = (element: XmlElement) => element.children.filter((node): node is XmlElement => typeof node !== 'string');

// CBOR (content credentials' claims and assertions) decoded by cborg within limits: the bytes
// are capped, containers nest at most MAX_DEPTH deep (cborg itself recurses without a limit),
// indefinite lengths are refused, and tags are read as their content. Never throws.
import { decode, type TagDecoder, Tokenizer, type Token, Type } from 'cborg';

/** A claim or an actions assertion takes a few KB; a thumbnail is not read through here. */
export const MAX_CBOR_BYTES = 256 * 1024;
const MAX_DEPTH = 32;

/** Counts the items left in each open array, map and tag, and refuses to open one more than MAX_DEPTH deep. */
class DepthLimited {
  private readonly open: number[] = [];
  private readonly tokens: Tokenizer;

  constructor(tokens: Tokenizer) {
    this.tokens = tokens;
  }

  done() {
    return this.tokens.done();
  }

  pos() {
    return this.tokens.pos();
  }

  next(): Token {
    const token = this.tokens.next();
    if (this.open.length > 0) this.open[this.open.length - 1]!--;
    const items = Type.equals(token.type, Type.array)
      ? token.value
      : Type.equals(token.type, Type.map)
        ? token.value * 2
        : Type.equals(token.type, Type.tag)
          ? 1
          : 0;
    if (items > 0) {
      if (this.open.length >= MAX_DEPTH) throw new Error('CBOR nested too deep');
      this.open.push(items);
    }
    while (this.open.length > 0 && this.open.at(-1) === 0) this.open.pop();
    return token;
  }
}

/** Any tag: its content as it is (a date stays its text). */
const anyTag = new Proxy({} as Record<number, TagDecoder>, { get: () => (content: () => unknown) => content() });

export function decodeCbor(bytes: Uint8Array): unknown {
  if (bytes.length > MAX_CBOR_BYTES) return undefined;
  try {
    const options = { allowIndefinite: false, tags: anyTag };
    return decode(bytes, { ...options, tokenizer: new DepthLimited(new Tokenizer(bytes, options)) });
  } catch {
    return undefined;
  }
}

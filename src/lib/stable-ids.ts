// Identifiers that feed readers and reading apps keep for good: the EPUB's dc:identifier and the
// Atom ids of a story's feed and of its chapters. They come from the story's and the chapter's
// own records, never from the site's address, so setting or changing the domain does not show
// every reader every entry and every book a second time (docs/decisions/0044-stable-ids-full-feeds-and-footnotes.md).
import type { SnapshotChapter, SnapshotStory } from './snapshot.ts';

/** This product's namespace for name-based UUIDs (a random UUID, fixed for good). */
const NAMESPACE = 'cc7790f0-001f-4752-8974-c66781f40032';

const hexToBytes = (hex: string) => Uint8Array.from(hex.replace(/-/g, '').match(/../g)!, (pair) => parseInt(pair, 16));

/** `urn:uuid:…`: a name-based UUID (RFC 9562 version 5, SHA-1) of `name` in this product's namespace. */
export async function nameUuid(name: string): Promise<string> {
  const bytes = new TextEncoder().encode(name);
  const input = new Uint8Array(16 + bytes.length);
  input.set(hexToBytes(NAMESPACE));
  input.set(bytes, 16);
  const hash = new Uint8Array(await crypto.subtle.digest('SHA-1', input)).slice(0, 16);
  hash[6] = (hash[6]! & 0x0f) | 0x50;
  hash[8] = (hash[8]! & 0x3f) | 0x80;
  const hex = Array.from(hash, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

type StoryRecord = Pick<SnapshotStory, 'id' | 'created_at'>;

/** The story's row and its creation time: a restored backup keeps both, another site's story has others. */
const storyName = (story: StoryRecord) => `story/${story.id}/${story.created_at}`;

/** The book's dc:identifier. */
export const storyBookId = (story: StoryRecord) => nameUuid(`${storyName(story)}/book`);
/** The `<id>` of the story's own feed. */
export const storyFeedId = (story: StoryRecord) => nameUuid(`${storyName(story)}/feed`);
/** A chapter's entry `<id>`: by the chapter's row, so it stays when the chapter moves to another number. */
export const chapterEntryId = (story: StoryRecord, chapter: Pick<SnapshotChapter, 'id'>) =>
  nameUuid(`${storyName(story)}/chapter/${chapter.id}`);

// A large, deterministic catalogue for benchmarks: stories of chapters of about `wordsPerChapter`
// words of Markdown (paragraphs, emphasis, a page break), inserted in batches.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';

const WORDS = (
  'the salvage pilot drifted past a derelict warship whose lanterns still burned in the cold corridors ' +
  'she counted them twice and listened to the hull hum a tune her brother used to whistle before the evacuation ' +
  'somewhere aft a door opened that had no business opening and the ship said her name as if it had been waiting'
).split(' ');

/** A small seeded generator, so every run builds the same catalogue. */
function random(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

export function chapterText(words: number, seed: number): string {
  const next = random(seed);
  const paragraphs: string[] = [];
  let written = 0;
  while (written < words) {
    const length = 40 + Math.floor(next() * 80);
    const sentence = Array.from({ length }, (_, i) => {
      const word = WORDS[Math.floor(next() * WORDS.length)]!;
      return i % 17 === 5 ? `*${word}*` : word;
    }).join(' ');
    paragraphs.push(`${sentence[0]!.toUpperCase()}${sentence.slice(1)}.`);
    written += length;
    if (paragraphs.length % 12 === 6) paragraphs.push('---');
  }
  return paragraphs.join('\n\n');
}

export async function insertCatalogue(
  db: Kysely<Database>,
  { stories, chaptersPerStory, wordsPerChapter }: { stories: number; chaptersPerStory: number; wordsPerChapter: number },
): Promise<{ chapters: number; words: number }> {
  let words = 0;
  for (let s = 1; s <= stories; s++) {
    const { id } = await db
      .insertInto('stories')
      .values({
        slug: `bench-story-${s}`,
        title: `Bench Story ${s}`,
        status: 'published',
        blurb: `Story **${s}** of the benchmark.`,
        genres: ['Space Opera'],
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const chapters = Array.from({ length: chaptersPerStory }, (_, i) => {
      const content = chapterText(wordsPerChapter, s * 10_000 + i);
      words += content.split(/\s+/).length;
      return {
        story_id: id,
        chapter_number: i + 1,
        slug: `chapter-${i + 1}`,
        title: `Chapter ${i + 1}`,
        content,
        status: 'published' as const,
      };
    });
    for (let i = 0; i < chapters.length; i += 50)
      await db
        .insertInto('chapters')
        .values(chapters.slice(i, i + 50))
        .execute();
  }
  return { chapters: stories * chaptersPerStory, words };
}

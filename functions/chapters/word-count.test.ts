import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { wordCount } from '#lib/chapter-text.ts';
import { chapterTestKit } from './test-kit.ts';

const t = useApiTestContext();
const { insertStory, insertChapters } = chapterTestKit(t);

/** Ordinary chapter text: the list's count (kept by the database) must equal the editor's and the reader's (wordCount). */
const SAMPLES: Record<string, string> = {
  empty: '',
  plain: 'The warship came out of the Veil the way a whale surfaces.',
  markup: '# The Gate\n\n**Two** words and _three_ more ~~gone~~ `code`\n\n---\n\n![img](/a.png)\n\n[the Veil](https://x.example) ahead.',
  lists: '- one\n- two\n* three\n1. four\n2) five\n> quoted line\n>  another',
  breaks: 'Before.\n\n***\n\n* * *\n\n___\n\nAfter.',
  fences: 'Start\n\n```\nlet code = 1;\nmore code here\n```\n\nEnd of it.',
  html: 'A <em>tagged</em> word<br/>and <span class="x">more</span>.',
  dashes: 'Wait — what… “Really?” she said – and left. - -- ... !',
  unicode: 'Ça va, Zoë? Straße ist schön. Привет мир. 東京 2026 l’été',
  numbers: 'Chapter 12, page 3.5, 1st of 40,000 words',
  spacing: '  leading\tand   trailing  \n\n\n  lines \r\n windows\r\nends  ',
  headingLevels: '###### Deep heading\n####### seven hashes\n#nospace',
};

const storedCount = async (id: number) =>
  (await t.database.db.selectFrom('chapters').select('word_count').where('id', '=', id).executeTakeFirstOrThrow()).word_count;

describe("a chapter's word count, kept by the database", () => {
  it.each(Object.entries(SAMPLES))('agrees with wordCount on %s text', async (_name, text) => {
    if (text) expect(wordCount(text)).toBeGreaterThan(1);
    const { rows } = await sql<{ words: number }>`select chapter_word_count(${text}) as words`.execute(t.database.db);
    expect(rows[0]!.words).toBe(wordCount(text));
  });

  it('follows the text when it changes, and only then', async () => {
    const [id] = await insertChapters(await insertStory(), { chapter_number: 1, content: 'One two three.' });
    await t.database.db.updateTable('chapters').set({ content: 'One two three four five.' }).where('id', '=', id!).execute();
    expect(await storedCount(id!)).toBe(5);
    await t.database.db.updateTable('chapters').set({ title: 'Renamed', chapter_number: 7 }).where('id', '=', id!).execute();
    expect(await storedCount(id!)).toBe(5);
  });
});

import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { useApiTestContext } from '#scripts/test/api.ts';
import { wordCount } from '#lib/chapter-text.ts';
import { wordCountSql } from './word-count.ts';

const t = useApiTestContext();

/** Ordinary chapter text: the list's count (SQL) must equal the editor's and the reader's (wordCount). */
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

describe('wordCountSql', () => {
  it.each(Object.entries(SAMPLES))('agrees with wordCount on %s text', async (_name, text) => {
    if (text) expect(wordCount(text)).toBeGreaterThan(1);
    const { words } = await sql<{ words: number }>`select ${wordCountSql(sql`${text}::text`)} as words`
      .execute(t.database.db)
      .then((result) => result.rows[0]!);
    expect(words).toBe(wordCount(text));
  });
});

// A chapter's word count in SQL, for the admin's list (docs/product.md, The chapter list and
// reordering): the steps of markdownToPlainText (src/lib/chapter-text.ts) that can change the
// count of wordCount, so the list and the editor agree on ordinary text without sending every
// chapter's content to the browser. Steps that only delete marks or rules are left out: a word
// is told by its letters and digits, which they never touch.
import { type Expression, type RawBuilder, sql } from 'kysely';

interface Step {
  pattern: string;
  replacement: string;
  /** 'w': ^ and $ also at line ends, like JS's 'm'. */
  flags: string;
  /** Text the pattern cannot match without: most chapters skip the step (a regex pass is the cost). */
  needs?: string;
}

const STEPS: Step[] = [
  { pattern: '```.*?```', replacement: ' ', flags: 'g', needs: '```' },
  { pattern: '!\\[[^]]*\\]\\([^)]*\\)', replacement: ' ', flags: 'g', needs: '](' },
  { pattern: '\\[([^]]*)\\]\\([^)]*\\)', replacement: '\\1', flags: 'g', needs: '](' },
  { pattern: '<[^>]+>', replacement: ' ', flags: 'g', needs: '<' },
  // Of the line markers only a numbered list's "1." holds a digit.
  { pattern: '^\\s{0,3}\\d+[.)]\\s+', replacement: '', flags: 'gw' },
];

/**
 * A word is a run without spaces holding a letter or digit. Postgres's [:punct:] is ASCII-only
 * under the C locale, so the usual typographic marks are named too: a lone dash or ellipsis is no word.
 */
const WORD = '[^[:space:]]*[^[:space:][:punct:]…—–“”‘’«»„‚¿¡·•][^[:space:]]*';

/** Each step reads the column `t` of the step before it, so the text is computed once per step. */
export function wordCountSql(text: Expression<unknown>): RawBuilder<number> {
  const plain = STEPS.reduce<RawBuilder<unknown>>((before, { pattern, replacement, flags, needs }, index) => {
    const replaced = sql`regexp_replace(t, ${sql.lit(pattern)}, ${sql.lit(replacement)}, ${sql.lit(flags)})`;
    const step = needs ? sql`case when strpos(t, ${sql.lit(needs)}) > 0 then ${replaced} else t end` : replaced;
    return sql`select ${step} as t from (${before}) as ${sql.raw(`step${index}`)}`;
  }, sql`select ${text}::text as t`);
  return sql<number>`(select count(*)::int from (${plain}) as plain, regexp_matches(plain.t, ${sql.lit(WORD)}, 'g'))`;
}

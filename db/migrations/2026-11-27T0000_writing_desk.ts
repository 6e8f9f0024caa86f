// The writing desk (docs/product.md, The writing desk): a chapter's notes and content warnings,
// the working copy autosaved beside it, its revisions, and the old numbers of chapters that moved.
import { type Kysely, sql } from 'kysely';

/** A Markdown code fence, which a template literal cannot hold as it is. */
const FENCE = '```';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('chapters')
    .addColumn('note_before', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('note_after', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('content_warnings', sql`text[]`, (c) => c.notNull().defaultTo(sql`'{}'::text[]`))
    .addColumn('published_at', 'timestamptz')
    .execute();
  // When a chapter first became public; chapters published before this column get their best guess.
  await sql`update chapters set published_at = coalesce(release_at, created_at) where status = 'published'`.execute(db);

  // A chapter's word count, kept by the database whenever its text is written (any path: a save,
  // an upload, an import), so the admin's list reads a column instead of counting every chapter's
  // words at each load. The steps of markdownToPlainText (src/lib/chapter-text.ts) that can change
  // wordCount's count; a word is a run without spaces holding a letter or digit (Postgres's
  // [:punct:] is ASCII-only, so the usual typographic marks are named too). The tests of
  // functions/chapters/word-count.test.ts hold both counts to the same samples.
  await sql
    .raw(String.raw`
      create function chapter_word_count(content text) returns integer language plpgsql immutable as $$
      declare t text := content;
      begin
        if strpos(t, '${FENCE}') > 0 then t := regexp_replace(t, '${FENCE}.*?${FENCE}', ' ', 'g'); end if;
        if strpos(t, '](') > 0 then
          t := regexp_replace(t, '!\[[^]]*\]\([^)]*\)', ' ', 'g');
          t := regexp_replace(t, '\[([^]]*)\]\([^)]*\)', '\1', 'g');
        end if;
        if strpos(t, '<') > 0 then t := regexp_replace(t, '<[^>]+>', ' ', 'g'); end if;
        t := regexp_replace(t, '^\s{0,3}\d+[.)]\s+', '', 'gw');
        return (select count(*) from regexp_matches(t, '[^[:space:]]*[^[:space:][:punct:]…—–“”‘’«»„‚¿¡·•][^[:space:]]*', 'g'));
      end $$;`)
    .execute(db);
  await sql`
    create function chapters_set_word_count() returns trigger language plpgsql as $$
    begin
      new.word_count := chapter_word_count(new.content);
      return new;
    end $$`.execute(db);
  await db.schema
    .alterTable('chapters')
    .addColumn('word_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update chapters set word_count = chapter_word_count(content)`.execute(db);
  await sql`
    create trigger chapters_word_count before insert or update of content on chapters
    for each row execute function chapters_set_word_count()`.execute(db);

  // One working copy per chapter: the last autosave, never what readers see.
  await db.schema
    .createTable('chapter_autosaves')
    .addColumn('chapter_id', 'integer', (c) => c.primaryKey().references('chapters.id').onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('saved_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  // Rewritten every few seconds while the author types: storing it uncompressed made a
  // 20,000-word autosave about 2.5 times faster to write (npm run bench:autosave).
  await sql`alter table chapter_autosaves alter column content set storage external`.execute(db);

  await db.schema
    .createTable('chapter_revisions')
    .addColumn('id', 'serial', (c) => c.primaryKey())
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('manual', 'publish', 'release', 'autosave', 'restore', 'import')`))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('word_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('chapter_revisions_chapter_created').on('chapter_revisions').columns(['chapter_id', 'created_at']).execute();

  // A published chapter that moved keeps its old address: old number -> the chapter now.
  await db.schema
    .createTable('chapter_redirects')
    .addColumn('story_id', 'integer', (c) => c.notNull().references('stories.id').onDelete('cascade'))
    .addColumn('old_number', 'integer', (c) => c.notNull())
    .addColumn('chapter_id', 'integer', (c) => c.notNull().references('chapters.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('chapter_redirects_pkey', ['story_id', 'old_number'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('chapter_redirects').execute();
  await db.schema.dropTable('chapter_revisions').execute();
  await db.schema.dropTable('chapter_autosaves').execute();
  await sql`drop trigger chapters_word_count on chapters`.execute(db);
  await sql`drop function chapters_set_word_count(), chapter_word_count(text)`.execute(db);
  await db.schema.alterTable('chapters').dropColumn('word_count').execute();
  await db.schema
    .alterTable('chapters')
    .dropColumn('note_before')
    .dropColumn('note_after')
    .dropColumn('content_warnings')
    .dropColumn('published_at')
    .execute();
}

// Writes what a publish renders from: the content index (one JSON file, chapters without their
// texts) and the chapter texts (src/lib/chapter-texts.ts), read from the database in batches so
// the server's memory does not grow with the catalogue. Texts already written by an earlier
// publish are kept: an unchanged chapter costs nothing. Every file is written beside its name and
// renamed into place, so a killed server never leaves a half-written text behind.
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { chapterBodyFile, chapterTextFile } from '#lib/chapter-texts.ts';
import type { ContentSnapshot, ReadChapterText, SnapshotStory } from '#lib/snapshot.ts';
import { readChapterTexts } from '#functions/site/snapshot.ts';

/** Chapters read from the database at a time: about 20 KB each in a long serial. */
const TEXT_BATCH = 200;

export async function writeFileAtomically(file: string, data: string): Promise<void> {
  const incoming = `${file}.${randomUUID().slice(0, 8)}.tmp`;
  await fs.writeFile(incoming, data);
  await fs.rename(incoming, file);
}

/**
 * Writes into `dir` the text of every chapter of `snapshot` that has no file there yet (all of
 * them when `rewrite`: after a restore a chapter may carry an old version's name with other text).
 * A chapter unpublished since the index was read gets an empty text: the publish that follows
 * its change removes its page.
 */
export async function writeChapterTexts(
  db: Kysely<Database>,
  dir: string,
  snapshot: ContentSnapshot,
  { rewrite = false } = {},
): Promise<{ written: number }> {
  await fs.mkdir(dir, { recursive: true });
  const present = new Set(rewrite ? [] : await fs.readdir(dir));
  const missing = snapshot.stories.flatMap((story) => story.chapters).filter((chapter) => !present.has(chapterTextFile(chapter)));
  for (let start = 0; start < missing.length; start += TEXT_BATCH) {
    const batch = missing.slice(start, start + TEXT_BATCH);
    const texts = await readChapterTexts(
      db,
      batch.map((chapter) => chapter.id),
    );
    await Promise.all(
      batch.map((chapter) =>
        writeFileAtomically(
          path.join(dir, chapterTextFile(chapter)),
          JSON.stringify(texts.get(chapter.id) ?? { content: '', note_before: '', note_after: '' }),
        ),
      ),
    );
  }
  return { written: missing.length };
}

/** Writes texts held in memory (tests, and content built outside the database) into `dir`. */
export async function writeChapterTextFiles(dir: string, stories: readonly SnapshotStory[], readText: ReadChapterText): Promise<void> {
  await fs.mkdir(dir, { recursive: true });
  for (const chapter of stories.flatMap((story) => story.chapters))
    await writeFileAtomically(path.join(dir, chapterTextFile(chapter)), JSON.stringify(await readText(chapter)));
}

/** Removes the texts no chapter of `snapshot` names any more (older versions, deleted chapters) and abandoned temporary files. */
export async function removeUnusedChapterTexts(dir: string, snapshot: ContentSnapshot): Promise<void> {
  const used = new Set(snapshot.stories.flatMap((story) => story.chapters.map(chapterTextFile)));
  const names = await fs.readdir(dir).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !used.has(name)).map((name) => fs.rm(path.join(dir, name), { force: true })));
}

/**
 * Removes the kept bodies (src/lib/chapter-texts.ts) of other code versions, and in `code`'s those
 * no chapter of `snapshot` names any more, with abandoned temporary files.
 */
export async function removeUnusedChapterBodies(dir: string, code: string, snapshot: ContentSnapshot): Promise<void> {
  const used = new Set(snapshot.stories.flatMap((story) => story.chapters.map((chapter) => chapterBodyFile(chapter, story.breakImage))));
  for (const name of await fs.readdir(dir).catch(() => [] as string[])) {
    if (name !== code) await fs.rm(path.join(dir, name), { recursive: true, force: true });
  }
  const names = await fs.readdir(path.join(dir, code)).catch(() => [] as string[]);
  await Promise.all(names.filter((name) => !used.has(name)).map((name) => fs.rm(path.join(dir, code, name), { force: true })));
}

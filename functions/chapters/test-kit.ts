// Shared by the chapter API test files: rows straight into the database, and error checks.
import { expect } from 'vitest';
import type { ApiTestContext } from '#scripts/test/api.ts';
import type { ChapterStatus, StoryStatus } from '#lib/stories.ts';

export const STORY_NOT_FOUND = { success: false, error: 'Story not found.' };
export const CHAPTER_NOT_FOUND = { success: false, error: 'Chapter not found.' };
export const SIGN_IN = { success: false, error: 'Please sign in to continue.' };
export const FORBIDDEN = { success: false, error: 'Your role does not allow this action.' };

export interface ChapterRow {
  chapter_number: number;
  status?: ChapterStatus;
  title?: string;
  slug?: string;
  content?: string;
  /** Makes a draft scheduled. */
  release_at?: string;
}

/** A refusal's answer: the message, and under `fields` the field it is about, if any. */
export const refused = (error: string, field?: string) => ({ success: false, error, ...(field && { fields: { [field]: error } }) });

/** The refusal of a request whose one changed field (the key of `changed`) is wrong; an unknown field is no form field. */
export const refusedField = (changed: object, error: string) =>
  refused(error, error.startsWith('Unknown field') ? undefined : Object.keys(changed)[0]);

/** An answer without its problems by field, where a test checks only the message. */
export function withoutFields(body: object): object {
  const { fields: _fields, ...answer } = body as { fields?: unknown };
  return answer;
}

/** The status and the answer; given only the message, the problems by field (`fields`) are not compared. */
export async function expectError(response: Response | Promise<Response>, status: number, error: string | object) {
  const res = await response;
  expect(res.status).toBe(status);
  const body = await res.json();
  if (typeof error === 'string') expect(withoutFields(body)).toEqual({ success: false, error });
  else expect(body).toEqual(error);
}

export function chapterTestKit(t: ApiTestContext) {
  return {
    async insertStory(slug = 'the-lantern-fleet', status: StoryStatus = 'published'): Promise<number> {
      const { id } = await t.database.db
        .insertInto('stories')
        .values({ slug, title: slug, status })
        .returning('id')
        .executeTakeFirstOrThrow();
      return id;
    },

    /** Inserts chapters straight into the database; returns their ids in the same order. */
    async insertChapters(storyId: number, ...chapters: ChapterRow[]): Promise<number[]> {
      const rows = await t.database.db
        .insertInto('chapters')
        .values(
          chapters.map(({ chapter_number, status = 'published', ...rest }) => ({
            story_id: storyId,
            chapter_number,
            status,
            title: `Chapter ${chapter_number}`,
            slug: `chapter-${chapter_number}`,
            content: `Text of chapter ${chapter_number}.`,
            ...rest,
          })),
        )
        .returning('id')
        .execute();
      return rows.map((row) => row.id);
    },

    chapterRows: () => t.database.db.selectFrom('chapters').selectAll().orderBy('story_id').orderBy('chapter_number').execute(),
  };
}

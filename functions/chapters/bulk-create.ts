// Creates the chapters a plan (bulk-plan.ts) holds, one insert each: a file becomes a whole
// chapter or an error, never half of one. Bulk upload and the .docx import answer with this.
import type { Kysely } from 'kysely';
import type { Database } from '#db/types.ts';
import { foreignKeyViolation, uniqueViolation } from '#core/db-errors.ts';
import { AppError } from '#core/errors.ts';
import type { BulkPlan } from './bulk-plan.ts';
import { chapterStore } from './store.ts';

export interface BulkAnswer {
  success: true;
  uploaded_count: number;
  chapters: { filename: string; chapter_number: number; title: string }[];
  errors: string[];
}

/** `by`: the signed-in person, kept on each chapter's first revision (of kind 'import'). */
export async function createPlanned(db: Kysely<Database>, storyId: number, plan: BulkPlan, by: number): Promise<BulkAnswer> {
  const created: BulkAnswer['chapters'] = [];
  for (const { filename, ...chapter } of plan.chapters) {
    try {
      await chapterStore.create(db, { ...chapter, story_id: storyId }, { by, kind: 'import' });
      created.push({ filename, chapter_number: chapter.chapter_number, title: chapter.title });
    } catch (error) {
      if (foreignKeyViolation(error) !== null) throw new AppError(404, 'Story not found.'); // deleted meanwhile
      if (uniqueViolation(error) === null) throw error;
      plan.errors.push(`${filename}: chapter ${chapter.chapter_number} or its slug was taken by another save meanwhile`);
    }
  }
  return { success: true, uploaded_count: created.length, chapters: created, errors: plan.errors };
}

// POST /api/chapters/import-docx: a Word document becomes one chapter, or one per Heading 1
// (docs/product.md, "Importing and pasting"). The document is checked before it is read
// (docx-archive.ts); its chapters are numbered and slugged exactly as a bulk upload's files are.
import { Hono } from 'hono';
import { z } from 'zod';
import { requireRole } from '#functions/auth/session.ts';
import type { AppDeps, AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { filesIn, formBodyLimit, readMultipart } from '#core/form.ts';
import { CONTENT_ROLES } from '#core/roles.ts';
import { parseOrThrow } from '#core/validate.ts';
import { storyStore } from '#functions/stories/store.ts';
import { checkImageBytes } from '#functions/uploads/image-bytes.ts';
import { displayName } from '#functions/uploads/upload-form.ts';
import { uploadStore } from '#functions/uploads/store.ts';
import { BULK_UPLOAD_MAX_FILES } from '#lib/limits.ts';
import { UPLOAD_FOLDERS, UPLOAD_MAX_BYTES } from '#lib/upload-kinds.ts';
import { uploadUrl } from '#lib/upload-paths.ts';
import { createPlanned } from './bulk-create.ts';
import { planBulkUpload, type UploadedFile } from './bulk-plan.ts';
import { checkDocx, DOCX_LIMITS } from './docx-archive.ts';
import { DOCX_IMAGE_PREFIX, type DocxChapter, docxToChapters } from './docx-convert.ts';
import { chapterStore } from './store.ts';

const importDocxFields = z.strictObject({
  story_id: z
    .string({ error: 'is required' })
    .regex(/^\d{1,9}$/, 'must be a whole number')
    .transform(Number),
  split: z.enum(['none', 'heading1']).default('none'),
});

const encoder = new TextEncoder();
/** Plan names without digits or words like "chapter", so the planner takes no number from them; they sort in order. */
const planName = (i: number) => `${String.fromCharCode(97 + Math.floor(i / 676), 97 + (Math.floor(i / 26) % 26), 97 + (i % 26))}.md`;

/** A chapter as a bulk upload file: its title as the leading heading (which the planner reads and removes). */
function asPlanFile({ title, markdown }: DocxChapter, i: number): UploadedFile {
  return { name: planName(i), bytes: encoder.encode(`# ${title.replace(/\s+/g, ' ')}\n\n${markdown}`) };
}

const PICTURE = new RegExp(String.raw`!\[((?:\\.|[^\]])*)\]\(${DOCX_IMAGE_PREFIX}(\d+)\)`, 'g');

/** Stores the pictures the chapters use (same checks as any upload) and puts their addresses in; a refused one leaves its alt text. */
async function storePictures(deps: AppDeps, contents: string[], images: Uint8Array[], errors: string[], fileName: string) {
  const urls = new Map<number, string | null>();
  for (const [, , index] of contents.flatMap((content) => [...content.matchAll(PICTURE)])) {
    const n = Number(index);
    const image = images[n];
    if (urls.has(n) || image === undefined) continue;
    const checked = image.length <= UPLOAD_MAX_BYTES.general ? checkImageBytes(image) : null;
    if (!checked?.ok) {
      errors.push(`${fileName}: picture ${n + 1} was left out (only JPEG, PNG, GIF and WebP up to 5 MB are taken)`);
      urls.set(n, null);
      continue;
    }
    urls.set(n, uploadUrl(await uploadStore.save(deps.storage, UPLOAD_FOLDERS.general, image, checked)));
  }
  return contents.map((content) =>
    content.replace(PICTURE, (_picture, alt: string, index: string) => {
      const url = urls.get(Number(index));
      return url ? `![${alt}](${url})` : alt.replace(/\\(.)/g, '$1');
    }),
  );
}

export const importDocxRoutes = new Hono<AppEnv>().post(
  '/import-docx',
  requireRole(...CONTENT_ROLES),
  formBodyLimit(DOCX_LIMITS.requestBytes, `The upload is too large (at most ${DOCX_LIMITS.requestBytes / 1024 / 1024} MB).`),
  async (c) => {
    const { deps } = c.var;
    const form = await readMultipart(c);
    const { story_id, split } = parseOrThrow(importDocxFields, { story_id: form.get('story_id'), split: form.get('split') ?? undefined });
    const [file] = filesIn(form, 'file');
    if (!file) throw new AppError(400, 'Choose a .docx file.');
    if (!(await storyStore.find(deps.db, { id: story_id, publishedOnly: false }))) throw new AppError(404, 'Story not found.');

    const checked = checkDocx(new Uint8Array(await file.arrayBuffer()));
    if (!checked.ok) throw new AppError(400, checked.error);
    const fileName = displayName(file.name) || 'document.docx';
    const stem = fileName.replace(/\.docx?$/i, '') || 'Untitled';
    const text = await docxToChapters(checked.docx, stem, split).catch(() => {
      throw new AppError(400, 'The Word document could not be read.');
    });

    if (text.chapters.length > BULK_UPLOAD_MAX_FILES)
      throw new AppError(400, `The document has more than ${BULK_UPLOAD_MAX_FILES} chapters.`);
    const plan = planBulkUpload(text.chapters.map(asPlanFile), await chapterStore.taken(deps.db, story_id), 'draft');
    // The plan speaks of its own file names: the author sees the document's name and the chapter's title.
    const titles = new Map(text.chapters.map((chapter, i) => [planName(i), chapter.title]));
    plan.errors = plan.errors.map((error) =>
      error.replace(/^([a-z]{3}\.md): /, (_all, name: string) => `${fileName}, "${titles.get(name)}": `),
    );
    const contents = await storePictures(
      deps,
      plan.chapters.map((chapter) => chapter.content),
      text.images,
      plan.errors,
      fileName,
    );
    plan.chapters = plan.chapters.map((chapter, i) => ({ ...chapter, filename: fileName, content: contents[i]! }));

    const answer = await createPlanned(deps.db, story_id, plan, c.var.user.id);
    if (answer.uploaded_count > 0) deps.rebuild.schedule(`${answer.uploaded_count} chapters imported from a Word document`);
    return c.json(answer);
  },
);

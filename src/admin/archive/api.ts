// The Export & Import screen's calls (functions/archive/routes.ts).
import { ApiError, apiRequest } from '#lib/api-client.ts';
import { countOf } from '#lib/counts.ts';

export interface ImportSummary {
  rows: Record<string, number>;
  uploads: number;
  analytics: boolean;
}

/** The download address; the browser fetches it itself (a plain link), so large archives stream to disk. */
export const exportUrl = (analytics: boolean) => `/api/admin/export${analytics ? '?analytics=1' : ''}`;

export type ImportOutcome = { kind: 'imported'; summary: ImportSummary } | { kind: 'needs-replace' };

/** Imports the archive; without `replace`, a site with content answers 409 and nothing is written. */
export async function importArchive(file: File, replace: boolean): Promise<ImportOutcome> {
  // The whole body, typed as a zip whatever the browser calls it: the server streams it to disk.
  const path = `/api/admin/import${replace ? '?replace=1' : ''}`;
  try {
    const { imported } = await apiRequest<{ imported: ImportSummary }>(path, { file: { body: file, type: 'application/zip' } });
    return { kind: 'imported', summary: imported };
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) return { kind: 'needs-replace' };
    throw error;
  }
}

export function importedText({ rows, uploads, analytics }: ImportSummary): string {
  const parts = [
    countOf(rows['stories'] ?? 0, 'story', 'stories'),
    countOf(rows['chapters'] ?? 0, 'chapter', 'chapters'),
    countOf(rows['galleries'] ?? 0, 'gallery', 'galleries'),
    countOf(rows['gallery_images'] ?? 0, 'image', 'images'),
    countOf((rows['chapter_comments'] ?? 0) + (rows['image_comments'] ?? 0), 'comment', 'comments'),
    countOf(uploads, 'uploaded file', 'uploaded files'),
  ];
  return `Site imported: ${parts.join(', ')}${analytics ? ', with analytics' : ''}. The public site is being republished.`;
}

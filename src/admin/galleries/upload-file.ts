// One gallery image upload (POST /api/images/gallery-upload, multipart gallery_id + files[]).
// XMLHttpRequest rather than fetch: only it reports upload progress, which each file's bar shows.
import { GALLERY_UPLOAD_ACCEPT } from '#lib/galleries.ts';

export type UploadOutcome = { ok: true } | { ok: false; error: string };

const ACCEPTED_EXTENSIONS = GALLERY_UPLOAD_ACCEPT.split(',');

/**
 * The browser's refusal for a file, or null when it may be sent (.png, .jpg, .jpeg,
 * .webp). Only the name is checked here, to spare a pointless upload: the server decides from
 * the file's bytes.
 */
export function refusalFor(file: File): string | null {
  const name = file.name.toLowerCase();
  if (ACCEPTED_EXTENSIONS.some((extension) => name.endsWith(extension))) return null;
  return `${file.name}: only PNG, JPEG and WebP images (.png, .jpg, .jpeg, .webp) can be uploaded.`;
}

/** The server's reasons, each naming the file (the row shows them; so does the summary list). */
function reasonsFrom(file: File, status: number, body: { error?: unknown; errors?: unknown } | null): string {
  const reasons =
    Array.isArray(body?.errors) && body.errors.length > 0
      ? body.errors.map(String)
      : [typeof body?.error === 'string' ? body.error : `Request failed (${status})`];
  return reasons.map((reason) => (reason.includes(file.name) ? reason : `${file.name}: ${reason}`)).join(' ');
}

export function uploadGalleryFile(galleryId: number, file: File, onProgress: (fraction: number) => void): Promise<UploadOutcome> {
  const form = new FormData();
  form.append('gallery_id', String(galleryId));
  form.append('files[]', file);
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', '/api/images/gallery-upload');
    request.responseType = 'json';
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    request.onload = () => {
      const body = request.response as { success?: boolean; images?: unknown[]; error?: unknown; errors?: unknown } | null;
      const stored = request.status >= 200 && request.status < 300 && body?.success !== false && (body?.images?.length ?? 0) > 0;
      if (stored) {
        resolve({ ok: true });
      } else {
        resolve({ ok: false, error: reasonsFrom(file, request.status, body) });
      }
    };
    request.onerror = () => resolve({ ok: false, error: `${file.name}: Network error occurred` });
    request.send(form);
  });
}

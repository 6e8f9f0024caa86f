// Reading an image upload: the multipart form, the size limit of its kind, and the bytes check.
// Every refusal about the file names it: `"photo.png": File too large. Maximum size is 5MB.`
import type { Context } from 'hono';
import type { AppEnv } from '#core/env.ts';
import { AppError } from '#core/errors.ts';
import { formBodyLimit, formFields, readMultipart } from '#core/form.ts';
import { parseOrThrow } from '#core/validate.ts';
import { checkImageBytes, type CheckedImage, type ImageProblem } from './image-bytes.ts';
import { INVALID_TYPE_MESSAGE, tooLargeMessage, UPLOAD_MAX_BYTES, type UploadType } from '#lib/upload-kinds.ts';
import { uploadFormSchema } from './schema.ts';

const LARGEST_UPLOAD = Math.max(...Object.values(UPLOAD_MAX_BYTES));
/** Room for the multipart boundaries, headers and the `type` field around the largest file. */
const MULTIPART_OVERHEAD = 64 * 1024;

/**
 * Refuses bodies that cannot hold an acceptable file before they are read (from Content-Length),
 * or as soon as a streamed body passes the limit.
 */
export const uploadBodyLimit = formBodyLimit(LARGEST_UPLOAD + MULTIPART_OVERHEAD, tooLargeMessage(LARGEST_UPLOAD));

const PROBLEM_MESSAGES: Record<ImageProblem, string> = {
  empty: 'The file is empty.',
  unsupported: INVALID_TYPE_MESSAGE,
  damaged: 'The image is damaged or incomplete.',
  'trailing-data': 'The file has extra data after the image.',
};

/** How browsers write a line break or quote in a multipart file name (the HTML standard's form encoding). */
const FORM_NAME_ESCAPES: Record<string, string> = { '%0a': '\n', '%0d': '\r', '%22': '"' };

/**
 * The client's file name, fit to quote in a message: no folders, no control characters, not too
 * long. The form encoding's escapes are undone first: Node's multipart parser does that, workerd's
 * does not, and a name should read the same on both.
 */
export function displayName(name: string): string {
  const unescaped = name.replace(/%0a|%0d|%22/gi, (escaped) => FORM_NAME_ESCAPES[escaped.toLowerCase()]!);
  const base = (unescaped.split(/[\\/]/).pop() ?? '').replace(/[\u0000-\u001f\u007f]/g, '').trim();
  return base.length > 80 ? `${base.slice(0, 79)}…` : base;
}

function fileError(status: 400 | 413, file: File, message: string): AppError {
  const name = displayName(file.name);
  return new AppError(status, name ? `"${name}": ${message}` : message);
}

export interface AcceptedUpload {
  type: UploadType;
  bytes: Uint8Array;
  image: CheckedImage;
}

/** The form's image, checked from its bytes against its kind's limit; throws a 400/413 naming the file otherwise. */
export async function readImageUpload(c: Context<AppEnv>): Promise<AcceptedUpload> {
  const { image, type } = parseOrThrow(uploadFormSchema, formFields(await readMultipart(c)));
  const maxBytes = UPLOAD_MAX_BYTES[type];
  if (image.size > maxBytes) throw fileError(413, image, tooLargeMessage(maxBytes));
  const bytes = new Uint8Array(await image.arrayBuffer());
  const checked = checkImageBytes(bytes);
  if (!checked.ok) throw fileError(400, image, PROBLEM_MESSAGES[checked.problem]);
  const { ok: _ok, ...info } = checked;
  return { type, bytes, image: info };
}

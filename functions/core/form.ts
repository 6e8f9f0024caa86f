// Multipart bodies (file uploads). JSON routes use validate.ts; these read the form once and
// refuse a body that is not multipart, or too large, with a clear 400/413 instead of a 500.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

/** Caps a multipart route's body; `what` names the limit in the message ("25 MB in one upload"). */
export function formBodyLimit(maxBytes: number, what: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(413, `The upload is too large (at most ${what}).`);
    },
  });
}

export async function readMultipart(c: Context): Promise<FormData> {
  if (!/^multipart\/form-data/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(400, 'Send the files as multipart/form-data.');
  }
  try {
    return await c.req.formData();
  } catch {
    throw new AppError(400, 'The upload could not be read (malformed multipart body).');
  }
}

/** The files sent under any of `names` (browsers send "files[]", scripts often "files"). */
export function filesIn(form: FormData, ...names: string[]): File[] {
  return names.flatMap((name) => form.getAll(name)).filter((value): value is File => typeof value !== 'string');
}

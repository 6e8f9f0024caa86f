// Multipart bodies (file uploads). JSON routes use validate.ts; these read the form once and
// refuse a body that is not multipart, malformed or too large with a clear 400/413, never a 500.
import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './errors.ts';

/** Caps a multipart route's body, refusing with 413 and `message` before or while it is read. */
export function formBodyLimit(maxBytes: number, message: string): MiddlewareHandler {
  return bodyLimit({
    maxSize: maxBytes,
    onError: () => {
      throw new AppError(413, message);
    },
  });
}

export async function readMultipart(c: Context): Promise<FormData> {
  if (!/^multipart\/form-data\s*;/i.test(c.req.header('content-type') ?? '')) {
    throw new AppError(400, 'Send the request as multipart/form-data (a form with files).');
  }
  try {
    return await c.req.formData();
  } catch {
    throw new AppError(400, 'Malformed request body.');
  }
}

/** The form as an object for a zod schema: one value per field, an array where a field repeats. */
export function formFields(form: FormData): Record<string, FormDataEntryValue | FormDataEntryValue[]> {
  const fields: Record<string, FormDataEntryValue | FormDataEntryValue[]> = {};
  for (const name of new Set(form.keys())) {
    const values = form.getAll(name);
    fields[name] = values.length === 1 ? values[0]! : values;
  }
  return fields;
}

/** The files sent under any of `names` (browsers send "files[]", scripts often "files"). */
export function filesIn(form: FormData, ...names: string[]): File[] {
  return names.flatMap((name) => form.getAll(name)).filter((value): value is File => typeof value !== 'string');
}

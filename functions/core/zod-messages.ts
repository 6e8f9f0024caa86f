// Messages for zod's built-in checks that name the field, so an API caller reads
// "bio is too long (at most 2000 characters)" rather than "Too big". Schemas that give their
// own message keep it. A schema the admin's forms post to names its fields with labels a person
// reads ("The bio is too long …", docs/product.md, "Messages").
import { z } from 'zod';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

const UNKNOWN_FIELDS_SHOWN = 5;
/** Paths hold keys of free-form records, which come from the caller too. */
export const FIELD_PATH_SHOWN = 80;

/** Text from the request, safe to put in a message: cut short, control characters replaced. */
export function printable(text: string, max = 40): string {
  // eslint-disable-next-line no-control-regex
  const clean = text.toWellFormed().replace(/[\u0000-\u001f\u007f]/g, '?');
  return clean.length > max ? `${clean.slice(0, max)}…` : clean;
}

/** Field path → how a message names it ("chapter_number" → "The chapter number", "schedule.time" → "The release time"). */
export type FieldLabels = Readonly<Record<string, string>>;

/**
 * The labels of a schema's fields, registered on the schema that is parsed:
 * `z.strictObject({…}).register(fieldLabels, { title: 'The title' })`. Fields without a label
 * are named by their path.
 */
export const fieldLabels = z.registry<FieldLabels>();

/** What a message calls the field at `path`: its label, else its path (cut short), else "value". */
export function fieldName(path: readonly PropertyKey[], labels: FieldLabels = {}): string {
  const key = path.map(String).join('.');
  if (Object.hasOwn(labels, key)) return labels[key]!;
  return key ? printable(key, FIELD_PATH_SHOWN) : 'value';
}

/** The form field a path is in: the path up to its first list index ("genres.2" is in "genres"). */
export function fieldKey(path: readonly PropertyKey[]): string {
  const index = path.findIndex((key) => typeof key === 'number' || /^\d+$/.test(String(key)));
  return printable(
    path
      .slice(0, index === -1 ? undefined : index)
      .map(String)
      .join('.'),
    FIELD_PATH_SHOWN,
  );
}

export function describeIssue(issue: Issue, labels?: FieldLabels): string | undefined {
  const field = fieldName(issue.path ?? [], labels);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
    case 'unrecognized_keys':
      return unknownFields(issue.keys);
    case 'too_big':
      return issue.origin === 'string'
        ? `${field} is too long (at most ${issue.maximum} characters)`
        : `${field} must be at most ${issue.maximum}`;
    case 'too_small':
      return issue.origin === 'string'
        ? Number(issue.minimum) <= 1
          ? `${field} must not be empty`
          : `${field} must be at least ${issue.minimum} characters long`
        : `${field} must be at least ${issue.minimum}`;
    case 'invalid_value':
      return `${field} must be one of: ${issue.values.join(', ')}`;
    case 'invalid_format':
      return `${field} is not a valid ${issue.format === 'regex' ? 'value' : issue.format}`;
    default:
      return undefined; // zod's own message
  }
}

/**
 * "Unknown fields: a, b". The keys come from the caller, so only the first few are named, each
 * cut short: a huge request never gets a huge answer.
 */
function unknownFields(keys: readonly string[]): string {
  const shown = keys.slice(0, UNKNOWN_FIELDS_SHOWN).map((key) => printable(key));
  const more = keys.length - shown.length;
  return `Unknown field${keys.length > 1 ? 's' : ''}: ${shown.join(', ')}${more > 0 ? ` and ${more} more` : ''}`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

z.config({ customError: (issue) => describeIssue(issue) });

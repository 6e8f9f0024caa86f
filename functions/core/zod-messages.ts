// Messages for zod's built-in checks that name the field, so an API caller reads
// "bio is too long (at most 2000 characters)" rather than "Too big". Schemas that give their
// own message keep it.
import { z } from 'zod';

type Issue = Parameters<z.core.$ZodErrorMap>[0];

function fieldName(issue: Issue): string {
  const path = issue.path ?? [];
  return path.length > 0 ? path.join('.') : 'value';
}

export function describeIssue(issue: Issue): string | undefined {
  const field = fieldName(issue);
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined ? `${field} is required` : `${field} must be ${article(issue.expected)}`;
    case 'unrecognized_keys':
      return `Unknown field${issue.keys.length > 1 ? 's' : ''}: ${issue.keys.join(', ')}`;
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

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

z.config({ customError: describeIssue });

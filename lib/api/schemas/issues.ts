import type { z } from 'zod/mini';

type Issue = z.core.$ZodIssue;

/**
 * zod/mini ships no locale (it keeps the bundle small), so generic issues read "Invalid input";
 * this names what was expected instead. Never echoes the data, which may be private.
 */
function explain(issue: Issue): string {
  if (issue.message !== 'Invalid input') return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return `expected ${issue.values.map((value) => JSON.stringify(value)).join(' or ')}`;
    case 'invalid_format':
      return `not a valid ${issue.format}`;
    case 'too_small':
      return issue.origin === 'array' ? `needs at least ${issue.minimum} item(s)` : `must be at least ${issue.minimum}`;
    case 'too_big':
      return issue.origin === 'array' ? `allows at most ${issue.maximum} item(s)` : `must be at most ${issue.maximum}`;
    case 'invalid_union':
      return 'matches none of the accepted shapes';
    case 'unrecognized_keys':
      return `unexpected field(s) ${issue.keys.join(', ')}`;
    default:
      return 'invalid';
  }
}

/** A short summary of what failed validation: the first issue's path and reason. */
export function describeIssues(error: { issues: readonly Issue[] }): string {
  const [first, ...rest] = error.issues;
  if (first === undefined) return 'invalid';
  const where = first.path.length > 0 ? `${first.path.join('.')}: ` : '';
  const more = rest.length > 0 ? ` (and ${rest.length} more)` : '';
  return `${where}${explain(first)}${more}`;
}

/**
 * A zod issue as one line a person can act on: where in the file, and what was expected there
 * (`rules[2].fields.authors.source: expected one of "title", "authors", …`). zod/mini carries no
 * messages of its own (only "Invalid input"); these are written from the issue's facts.
 */
import type { z } from 'zod/mini';

type Issue = z.core.$ZodIssue;

/** Where an issue is: `rules[2].fields["my id"].source`, as one would write it in JavaScript. */
export function issuePath(issue: Issue): string {
  let written = '';
  for (const key of issue.path) {
    if (typeof key === 'number') written += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) written += written ? `.${key}` : key;
    else written += `[${JSON.stringify(String(key))}]`;
  }
  return written || '(the file)';
}

function listed(values: readonly unknown[]): string {
  return values.map((value) => JSON.stringify(value)).join(', ');
}

/** What is wrong there, as a JSON Schema validator would say it. */
export function issueDetail(issue: Issue): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${issue.expected}`;
    case 'invalid_value':
      return issue.values.length === 1 ? `expected ${listed(issue.values)}` : `expected one of ${listed(issue.values)}`;
    case 'invalid_union': {
      const options = 'options' in issue && Array.isArray(issue.options) ? issue.options : [];
      return options.length > 0 ? `expected one of ${listed(options)}` : 'matches none of the allowed forms';
    }
    case 'too_big':
      return `expected at most ${issue.maximum}${issue.origin === 'string' ? ' characters' : ' items'}`;
    case 'too_small':
      return issue.origin === 'string' && Number(issue.minimum) === 1
        ? 'expected a non-empty text'
        : `expected at least ${issue.minimum}${issue.origin === 'string' ? ' characters' : ' items'}`;
    case 'invalid_format':
      return issue.message && issue.message !== 'Invalid input' ? issue.message : `expected ${issue.format}`;
    default:
      return issue.message;
  }
}

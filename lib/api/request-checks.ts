import type { z } from 'zod/mini';
import { InvalidInputError, NotFoundError } from './errors';
import { describeIssues } from './schemas/issues';

/** Checks the client makes before a request goes out, and the test for a refused request form. */

/** Validates a request body locally; a mistake becomes an InvalidInputError that names the field. */
export function checked<T extends z.ZodMiniType>(schema: T, value: unknown, endpoint: string): z.output<T> {
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw new InvalidInputError({ endpoint, detail: describeIssues(parsed.error) });
  return parsed.data;
}

/** Whether an error says this form of a request is not the server's (missing route, or refused shape). */
export function formRefused(error: unknown): boolean {
  return error instanceof NotFoundError || (error instanceof InvalidInputError && error.status !== undefined);
}

/** At most `max` characters, never cutting a character in two. */
export function truncate(text: string, max: number): string {
  const characters = [...text];
  return characters.length <= max ? text : characters.slice(0, max).join('');
}

export function requireId(value: string, what: string, endpoint: string): void {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidInputError({ endpoint, detail: `${what} must not be empty` });
  }
}

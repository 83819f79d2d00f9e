/**
 * The canonical day form, without zod: the popup builds property values with these helpers, and
 * a schema library has no place in its bundle.
 */

/** `YYYY-MM-DDT00:00:00.000Z`: the only form the service accepts for `day` resolution dates. */
export const CANONICAL_DAY_RULE = 'a day must be a UTC midnight timestamp such as 2024-05-01T00:00:00.000Z';

export function isCanonicalDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/.test(value)) return false;
  // Rejects impossible calendar days such as 2024-02-30, which Date would roll over.
  return new Date(value).toISOString() === value;
}

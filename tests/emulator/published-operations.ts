/**
 * The 15 operations on 10 paths of the published reference, as `METHOD /path`. Only these are
 * counted against the published rate limits; any other route is a violation (published-profile.ts).
 */
export const PUBLISHED_OPERATIONS: ReadonlySet<string> = new Set([
  'GET /space',
  'GET /space/structures',
  'GET /object',
  'POST /object',
  'PATCH /object',
  'DELETE /object',
  'POST /object/url',
  'GET /object/markdown',
  'POST /object/markdown',
  'PATCH /object/markdown',
  'POST /objects/search',
  'POST /blocks/append',
  'POST /blocks/daily-note/append',
  'PATCH /blocks/block',
  'DELETE /block',
]);

/**
 * What a stored clip template holds at most. Its schema (`clipTemplateSchema`,
 * lib/message-schemas.ts) is built from these, and the options page checks a draft against the
 * same numbers so it can say at the field what the background would refuse. Apart from the schema
 * so the options page does not load zod for four numbers.
 */

/** Properties filled from the page. */
export const MAX_TEMPLATE_MAPPINGS = 100;
/** Characters of a fixed text, and of a fixed address. */
export const MAX_FIXED_TEXT = 2_000;
export const MAX_FIXED_URL = 8_000;
/** Characters of the notes template. */
export const MAX_NOTES_TEMPLATE = 10_000;

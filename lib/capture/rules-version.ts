/** The rules file format's version; its own module so the background reads it without the zod schemas. */
export const RULES_FILE_VERSION = 1;

/**
 * How long each part of a page capture may be. The content script keeps what it reads from a page
 * within these; the background refuses a capture that is not (entrypoints/background/page-reader).
 */

/** Addresses: the page, its canonical URL, its icon. */
export const MAX_URL_LENGTH = 8_000;
/** The page title, as a clip's title may be. */
export const MAX_TITLE_LENGTH = 2_000;
/** Author, site name, description. */
export const MAX_METADATA_TEXT_LENGTH = 5_000;
/** Language tag, date, content type. */
export const MAX_METADATA_CODE_LENGTH = 200;

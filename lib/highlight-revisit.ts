/**
 * "Show my highlights when I revisit a page" (issue #23, options page): the one content script the
 * extension registers, and only while that option is on. Named once for the options page, which
 * registers it, the script itself, the background, which answers it, and the store documents.
 */

/** The registration's id (`scripting.registerContentScripts`). */
export const REVISIT_SCRIPT_ID = 'space-clipper-highlights-on-revisit';

/** The script as the build writes it (entrypoints/revisit-highlights.ts). */
export const REVISIT_SCRIPT = '/revisit-highlights.js';

/**
 * The sites it runs on, asked for as optional host permissions when the option is turned on, and
 * given back when it is turned off.
 */
export const REVISIT_ORIGINS = ['https://*/*', 'http://*/*'];

/** What the script says to the background: this tab's page has loaded. It carries nothing else. */
export const REVISIT_MESSAGE = 'space-clipper:page-revisited';

/**
 * The scripts the background injects into a tab with `scripting.executeScript`, as the build
 * writes them (entrypoints/page-reader.ts, entrypoints/article-reader/), named once: for the
 * background (./run-in-page.ts), the size bench and the checks of what a build holds. Unlisted
 * scripts, not content scripts: nothing of them is announced to the page (README, "Security and
 * privacy").
 */

/** Reads the page's metadata and its selection (lib/clip/page-capture.ts). */
export const PAGE_READER_SCRIPT = '/page-reader.js';

/** Finds the page's article, or applies a quick clip's template (entrypoints/article-reader/article-script.ts). */
export const ARTICLE_READER_SCRIPT = '/article-reader.js';

/** Draws, captures and edits highlights (entrypoints/highlighter.ts; lib/highlighter/script-files.ts names it too). */
export const HIGHLIGHTER_SCRIPT = '/highlighter.js';

export const INJECTED_SCRIPTS = [PAGE_READER_SCRIPT, ARTICLE_READER_SCRIPT, HIGHLIGHTER_SCRIPT] as const;

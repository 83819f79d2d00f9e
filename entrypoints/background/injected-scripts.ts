/**
 * The scripts the background injects into a tab with `scripting.executeScript`, as the build
 * writes them (entrypoints/page-reader.ts, entrypoints/article-reader/), named once: for the
 * background (./run-in-page.ts), the size bench and the checks of what a build holds. Unlisted
 * scripts, not content scripts: nothing of them is announced to the page (README, "Security and
 * privacy").
 */

// Relative, with its extension: Node scripts (the size bench) read this module too.
import { CAPTURE_READER_SCRIPT } from '../../lib/capture/capture-reader-script.ts';

/** Reads the page's metadata and its selection (lib/clip/page-capture.ts). */
export const PAGE_READER_SCRIPT = '/page-reader.js';

/** Finds the page's article, or applies a quick clip's template (entrypoints/article-reader/article-script.ts). */
export const ARTICLE_READER_SCRIPT = '/article-reader.js';

/**
 * Reads the page for the space's capture rules, applies the rule and suggests tags
 * (lib/capture/capture-script.ts); the popup injects it after its first paint, a quick clip here.
 */
export { CAPTURE_READER_SCRIPT };

/** Draws, captures and edits highlights (entrypoints/highlighter/, which says how it is called). */
export const HIGHLIGHTER_SCRIPT = '/highlighter.js';

/**
 * The `::highlight()` rules and the toolbar's styles (public/highlights.css), injected with
 * `scripting.insertCSS({ files })` or listed as a registered content script's `css`.
 */
export const HIGHLIGHTER_STYLESHEET = '/highlights.css';

export const INJECTED_SCRIPTS = [
  PAGE_READER_SCRIPT,
  ARTICLE_READER_SCRIPT,
  CAPTURE_READER_SCRIPT,
  HIGHLIGHTER_SCRIPT,
] as const;

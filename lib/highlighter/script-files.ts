/**
 * The files of the highlighter as the build writes them (entrypoints/highlighter.ts,
 * public/highlights.css), for the background to inject and for the checks of what a build holds.
 * No imports: the bench and the build checks read it under plain Node.
 */

/** The script, injected by its file name (entrypoints/highlighter.ts says how). */
export const HIGHLIGHTER_SCRIPT = '/highlighter.js';

/**
 * The `::highlight()` rules and the toolbar's styles, injected with `scripting.insertCSS({ files })`
 * (or listed as a registered content script's `css`).
 */
export const HIGHLIGHTER_STYLESHEET = '/highlights.css';

import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { takeHighlighterCommand } from '@/lib/highlighter/command-slot';
import { runHighlighterScript } from './script';

/**
 * The highlighter (issue #23), injected on demand as `/highlighter.js`: draws a page's highlights
 * with the CSS Custom Highlight API, captures the selection as a new one, and opens a toolbar on a
 * highlight the person clicks. It holds no token, calls no API and announces nothing to the page
 * (no event, no postMessage); its state stays in the extension's isolated world across injections.
 *
 * How the background calls it (types in lib/highlighter/commands.ts), in a tab it may script:
 *
 *   1. `browser.scripting.insertCSS` with `files: [HIGHLIGHTER_STYLESHEET]`, once per page load (the
 *      browser keeps it; a registered content script lists the same file as its `css`);
 *   2. `browser.scripting.executeScript` with `func: leavePageRequest, args: [HIGHLIGHTER_COMMAND_KEY, command]`;
 *   3. `browser.scripting.executeScript` with `files: [HIGHLIGHTER_SCRIPT]`: the injection's `result`
 *      is the HighlighterAnswer, built in the page, to be checked with a schema like any such answer.
 *
 * (HIGHLIGHTER_STYLESHEET and HIGHLIGHTER_SCRIPT from entrypoints/background/injected-scripts.ts,
 * leavePageRequest from lib/page-request.ts, HIGHLIGHTER_COMMAND_KEY from lib/highlighter/command-slot.ts. The script belongs in
 * entrypoints/background/injected-scripts.ts's INJECTED_SCRIPTS, and in the privacy policy and the
 * permission answers, once the background injects it.)
 *
 * - `{ kind: 'capture', colour }` → `captured` (the highlight, drawn already under a provisional id,
 *   with its selectors, text, styled runs, heading and text-fragment URL), `too-long` (over
 *   MAX_HIGHLIGHT_LENGTH characters: say so), `no-selection`, or `opened` (the selection or caret lies
 *   within a highlight: its toolbar was opened, which is how a keyboard user reaches one; Enter with
 *   the caret in a highlight does the same).
 * - `{ kind: 'draw', highlights }` → `listed`: the drawn highlights become exactly these, each
 *   `found` (with its selectors as they are now, `match: 'fuzzy'` when the page changed around it)
 *   or `orphan` ("Not found on this page"), in page order.
 * - `{ kind: 'update', id, colour?, note?, newId? }` (`newId`: the space's id for a provisional
 *   one) and `{ kind: 'remove', id }` → `done` with whether it was drawn.
 * - `{ kind: 'list' }` → `listed`.
 * - `{ kind: 'take-changes' }` → `changes`: what the person did in the page's toolbar (colour,
 *   note, remove), oldest first, each already shown on the page; the background sends them on.
 *   Each toolbar change also tells the background so (tell-background.ts, a message with no data),
 *   which then asks for them at once.
 * - A page without the Highlight API → `refused` / `unsupported`; an unknown command → `bad-command`.
 */
export default defineUnlistedScript(() => runHighlighterScript(document, window, takeHighlighterCommand()));

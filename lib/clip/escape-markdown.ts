/**
 * Escaping of page text so that it stays text in Markdown.
 *
 * Turndown's own escaping misses HTML-looking text (`<b>`), entities, `1)` lists, `$` math and `~`
 * strikethrough, and escapes intraword `_` that can never form emphasis. This runs in one pass per
 * text node instead of turndown's thirteen.
 */

/**
 * Unicode noncharacters that bracket code block bodies while the Markdown is assembled, so
 * that the final clean-up can leave code untouched. Page text never legitimately contains them.
 * Decoded at run time and written as `\u` escapes in patterns: a minifier folds literals (and
 * even `String.fromCharCode`) into raw characters in the bundle, and Chrome refuses to load a content script file containing
 * noncharacters ("It isn't UTF-8 encoded").
 */
export const CODE_START: string = JSON.parse('"\\ufdd0"');
export const CODE_END: string = JSON.parse('"\\ufdd1"');

/**
 * A noncharacter (like the two above) that the converter writes where two pieces of its Markdown
 * meet and could spell a link or an image together: before a page link's `[`, and before text
 * that starts with `(`. The final clean-up escapes a `!` just before it (text ending in `!` would
 * make the link an image) and a `(` just after it when a `]` comes before (marked reads an escaped
 * `\]` in a link's text back as `]`, so `](` there would open a link or an image), and drops it.
 */
export const SEAM: string = JSON.parse('"\\ufdd2"');

// Each alternative is a character that can open or close inline markup somewhere in a line.
// Lookaheads treat the end of the text node as dangerous, since the next node is unknown. A `!`
// before `[` and a `(` after `]` are escaped too: marked reads `\[` and `\]` in a link's text
// back as brackets, and would find an image or a link there.
const INLINE_SYNTAX =
  /[\\*`[\]\uFDD0-\uFDD2]|!(?=\[)|(?<=\])\(|<(?![\s\d=])|&(?=#?[a-z\d]+;|$)|\$(?![\s\d])|(?<!~)~~?(?!~)|(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/giu;

// Patterns that only mean something at the start of a line (a text node may start one).
const LINE_START = /^(?:(-(?=[-\s]|$)|\+(?=\s|$)|=|>|#{1,6}(?=\s|$)|~~~)|(\d{1,9})([.)])(?=\s|$))/;

function escapeInline(match: string): string {
  if (match === CODE_START || match === CODE_END || match === SEAM) return '';
  return match.length === 2 ? '\\~\\~' : `\\${match}`;
}

// marked's bare links (`www.…`, `https://…`) run over everything up to a space or a `<`, and take
// the backslash of `\<` along, leaving what follows to be read as HTML (`www.a.example\<img …>`).
// A `<` such a link may reach is written as a character reference instead, which it runs over.
const ADDRESS_START = /www\.|:\/\//i;
const SPACE = /\s/;

/** For each `<` of `text` in turn, whether a bare link may run up to it; linear in `text`. */
function bareLinkReach(text: string): (offset: number) => boolean {
  let from = 0;
  // The text before this one is unknown: it may end in the start of an address.
  let reaches = true;
  return (offset) => {
    let word = offset;
    while (word > from && !SPACE.test(text.charAt(word - 1))) word--;
    if (word > from) reaches = false;
    reaches ||= ADDRESS_START.test(text.slice(word, offset));
    from = offset;
    return reaches;
  };
}

export function escapeMarkdownText(text: string): string {
  const reach = text.includes('<') ? bareLinkReach(text) : null;
  const escapeMatch = reach
    ? (match: string, offset: number) => (match === '<' && reach(offset) ? '&lt;' : escapeInline(match))
    : escapeInline;
  return text
    .replace(INLINE_SYNTAX, escapeMatch)
    .replace(LINE_START, (all, mark: string | undefined, digits: string, dot: string) =>
      mark ? `\\${all}` : `${digits}\\${dot}`,
    );
}

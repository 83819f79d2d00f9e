/**
 * TeX written into Markdown as `$…$` or `$$…$$`. The TeX comes from the page (attributes,
 * annotations, scripts, MathML text), so it must not be able to end the math early: readers end
 * inline math at the first unescaped `$` and display math at the first `$$`, and whatever follows
 * is read as Markdown. Readers without math support read even the inside as Markdown, so the TeX
 * must not spell a link, an image or HTML there either.
 */
import { escapeMarkdownText } from './escape-markdown';

// A `$` after an even number of backslashes (none included) is a math shift, in TeX and in Markdown.
const UNESCAPED_DOLLAR = /(?<!\\)(?:\\\\)*\$/;
// An odd run of backslashes at the end would escape the closing `$`.
const DANGLING_BACKSLASH = /(?<!\\)(?:\\\\)*\\$/;

/**
 * Whether TeX can stand between `$` delimiters: no math shift of its own, no backslash that
 * would escape the closing delimiter, and no backtick (a reader without math would open a code
 * span there that runs into the text after the formula).
 */
export function isWritableTex(tex: string): boolean {
  return !UNESCAPED_DOLLAR.test(tex) && !DANGLING_BACKSLASH.test(tex) && !tex.includes('`');
}

// What GFM readers link by itself: `https://…`, `www.…` and `name@host`.
const AUTOLINK_START = /(:)(?=\/\/)|(www)(?=\.)|(@)/gi;

/**
 * Rewrites what a Markdown reader would take as markup into TeX that renders the same: `<` before
 * a letter (an HTML tag or autolink) as `\lt`, and an empty group in the middle of `](` (a link or
 * image) and of what GFM links by itself (`https:{}//`, `www{}.`, `@{}`).
 */
function neutralize(tex: string): string {
  return tex
    .replace(/<(?![\s\d=])/g, '\\lt ')
    .replace(/\](?=\()/g, ']{}')
    .replace(AUTOLINK_START, '$&{}');
}

/** TeX written as plain text, with the autolinks GFM would make of it escaped as well. */
function asText(tex: string): string {
  return escapeMarkdownText(tex.replace(/\s+/g, ' ').trim()).replace(AUTOLINK_START, (mark) =>
    mark.length > 1 ? `${mark}\\` : `\\${mark}`,
  );
}

/**
 * TeX as Markdown math; TeX that cannot be written as math safely is written as plain text.
 * Blank lines, which TeX does not allow in math, are dropped from display math: a line after
 * one could start a link reference definition for readers without math.
 */
export function texToMarkdown(tex: string, display: boolean): string {
  if (!isWritableTex(tex)) return display ? `\n\n${asText(tex)}\n\n` : asText(tex);
  const safe = neutralize(tex);
  return display ? `\n\n$$\n${safe.replace(/\n\s*\n/g, '\n')}\n$$\n\n` : `$${safe.replace(/\s+/g, ' ')}$`;
}

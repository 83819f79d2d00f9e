/**
 * The reader's selection as Markdown. `Range#cloneContents` keeps the partially selected
 * elements at the edges of a range but not the ancestors the whole range sits in, so a selection
 * inside a code block would lose its `<pre>`, one inside a list item its list, cells their table;
 * those ancestors are cloned back around the contents. What the page's stylesheets hide is marked
 * on the copy while the live page can still tell.
 */
import { MAX_CLIP_BYTES } from './clip-limits';
import { markHiddenOnPage } from './live-visibility';
import { htmlToLimitedMarkdown } from './markdown';
import { plainTextToMarkdown } from './plain-text';
import { utf8Length } from './split-markdown';

export interface SelectionCapture {
  /** Empty when the selection is too large to clip (see `oversizedBytes`). */
  markdown: string;
  /**
   * The selection as the browser renders it to text (what copy-paste as plain text gives), within
   * the clip limit: it can hold text the Markdown leaves out, and the background caps it there.
   */
  text: string;
  wordCount: number;
  /**
   * Set, instead of the Markdown and text, when the selection is too large to clip: its size in
   * UTF-8 bytes. That of its text when the text alone passes the clip limit (measured before
   * anything is copied or converted; the Markdown would be larger still), else that of its
   * Markdown, estimated from the part converted before the conversion stopped at the limit.
   */
  oversizedBytes?: number;
}

const ENDS_CONTEXT = new Set(['PRE', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'UL', 'OL', 'TABLE']);
// Parts that only make sense inside one of the context-ending ancestors above.
const STRUCTURE_PARTS = new Set(['TD', 'TH', 'TR', 'THEAD', 'TBODY', 'TFOOT', 'LI']);
// Inline ancestors worth keeping because they carry Markdown (a link, emphasis, code).
const FORMATTING = new Set(['A', 'B', 'STRONG', 'I', 'EM', 'CODE', 'KBD', 'SAMP', 'S', 'DEL', 'SUP', 'SUB']);
const BLOCKS = new Set([
  ...['P', 'DIV', 'BLOCKQUOTE', 'SECTION', 'ARTICLE', 'MAIN', 'ASIDE', 'HEADER', 'FOOTER', 'NAV', 'FIGURE'],
  ...['FIGCAPTION', 'DL', 'DT', 'DD', 'FORM', 'FIELDSET', 'ADDRESS', 'DETAILS', 'SUMMARY'],
]);

/** The ancestors of a range's common ancestor to clone around its contents, innermost first. */
function contextOf(range: Range): Element[] {
  const context: Element[] = [];
  const common = range.commonAncestorContainer;
  const doc = common.ownerDocument;
  let inline = true;
  for (
    let el = common.nodeType === 1 ? (common as Element) : common.parentElement;
    el && el !== doc?.body && el !== doc?.documentElement;
    el = el.parentElement
  ) {
    const name = el.nodeName;
    if (ENDS_CONTEXT.has(name)) {
      context.push(el);
      return context;
    }
    if (STRUCTURE_PARTS.has(name)) context.push(el);
    else if (BLOCKS.has(name)) inline = false;
    else if (inline && FORMATTING.has(name)) context.push(el);
  }
  // Without a structural ancestor only the formatting right around the selection matters.
  return context.filter((el) => FORMATTING.has(el.nodeName));
}

/** Shallow clone of a context element; a cloned `<ol>` keeps the numbering of the first item. */
function cloneContext(el: Element, range: Range): Element {
  const clone = el.cloneNode(false) as Element;
  if (el.nodeName === 'OL') {
    const items = [...el.children];
    const first = items.findIndex((item) => range.intersectsNode(item));
    const start = Number.parseInt(el.getAttribute('start') ?? '', 10);
    clone.setAttribute('start', String((Number.isNaN(start) ? 1 : start) + Math.max(0, first)));
  }
  return clone;
}

/**
 * All ranges of the selection, in document order, each wrapped in its structural context.
 * Ranges within the same table or list (Firefox selects table cells as one range per cell)
 * share the cloned context, so they come out as one table.
 */
export function selectionToFragment(selection: Selection): DocumentFragment {
  const ranges: Range[] = [];
  for (let i = 0; i < selection.rangeCount; i++) {
    const range = selection.getRangeAt(i);
    if (!range.collapsed) ranges.push(range);
  }
  ranges.sort((a, b) => a.compareBoundaryPoints(Range.START_TO_START, b));
  const doc = ranges[0]?.startContainer.ownerDocument ?? document;
  const fragment = doc.createDocumentFragment();
  const clones = new Map<Element, Element>();
  for (const range of ranges) {
    const contents = range.cloneContents();
    markHiddenOnPage(range, contents);
    let piece: Node | null = contents;
    for (const el of contextOf(range)) {
      const shared = clones.get(el);
      if (shared) {
        shared.append(piece);
        piece = null;
        break;
      }
      const clone = cloneContext(el, range);
      clone.append(piece);
      clones.set(el, clone);
      piece = clone;
    }
    if (!piece) continue;
    if (ranges.length > 1) {
      // Separate ranges are separate passages; a block keeps their text from running together.
      const block = doc.createElement('div');
      block.append(piece);
      piece = block;
    }
    fragment.append(piece);
  }
  return fragment;
}

export function countWords(text: string): number {
  // The segmenter finds words in scripts written without spaces (Chinese, Japanese, Thai).
  const segmenter = new Intl.Segmenter(undefined, { granularity: 'word' });
  let count = 0;
  for (const segment of segmenter.segment(text)) if (segment.isWordLike) count++;
  return count;
}

function capture(markdown: string, text: string): SelectionCapture | null {
  return markdown ? { markdown, text, wordCount: countWords(text) } : null;
}

function oversized(bytes: number): SelectionCapture {
  return { markdown: '', text: '', wordCount: 0, oversizedBytes: bytes };
}

/** The selected text of a focused text field; password fields are never read. */
function textFieldSelection(doc: Document): string | null {
  const active = doc.activeElement;
  if (active?.nodeName !== 'TEXTAREA' && active?.nodeName !== 'INPUT') return null;
  const field = active as HTMLInputElement | HTMLTextAreaElement;
  if (field.type === 'password' || field.selectionStart === null || field.selectionEnd === null) return null;
  return field.value.slice(field.selectionStart, field.selectionEnd);
}

/**
 * What the page reader returns for "clip the selection": its Markdown and plain text, or null when
 * nothing is selected. The selection's text is measured first, which is cheap: a text past the
 * clip limit is refused with its size at once, without copying or converting megabytes nobody can
 * clip (converting 25 MB kept the popup waiting for half a minute). A selection within it is
 * converted only as far as the limit, since its Markdown may still pass it.
 */
export function captureSelection(doc: Document, win: Window): SelectionCapture | null {
  const fieldText = textFieldSelection(doc);
  if (fieldText) {
    const fieldBytes = utf8Length(fieldText);
    if (fieldBytes > MAX_CLIP_BYTES) return oversized(fieldBytes);
    const markdown = plainTextToMarkdown(fieldText);
    const bytes = utf8Length(markdown);
    return bytes > MAX_CLIP_BYTES ? oversized(bytes) : capture(markdown, fieldText);
  }
  const selection = win.getSelection();
  if (!selection || selection.isCollapsed) return null;
  const text = selection.toString();
  const textBytes = utf8Length(text);
  if (textBytes > MAX_CLIP_BYTES) return oversized(textBytes);
  const converted = htmlToLimitedMarkdown(selectionToFragment(selection), {
    baseUrl: doc.URL,
    maxBytes: MAX_CLIP_BYTES,
  });
  if (converted.oversizedBytes !== undefined) return oversized(converted.oversizedBytes);
  // Text the DOM does not hold as nodes (inside shadow roots, some editors) still reaches toString.
  const markdown = converted.markdown || plainTextToMarkdown(text);
  const bytes = utf8Length(markdown);
  return bytes > MAX_CLIP_BYTES ? oversized(bytes) : capture(markdown, text);
}

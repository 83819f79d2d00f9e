/**
 * Test helpers that read Markdown back (fenced blocks, GFM tables, link destinations, words)
 * and the source DOM as a reader sees it, for the corpus invariants. What counts as hidden or
 * as a table cell is restated here rather than imported, so that the checks do not inherit the
 * converter's mistakes.
 */

// What a reader never sees: not rendered, or replaced by something else in the Markdown.
const UNSEEN_TAGS = new Set([
  'script',
  'style',
  'noscript',
  'template',
  'svg',
  'canvas',
  'head',
  'title',
  'select',
  'textarea',
  'button',
  'input',
  'datalist',
  'iframe',
  'frame',
  'object',
  'embed',
  'video',
  'audio',
]);
const HIDDEN_STYLE = /(?:^|;)\s*(?:display\s*:\s*none|visibility\s*:\s*(?:hidden|collapse))/i;
// Formulas are compared as formulas, not as words (TeX and MathML spell them differently).
const FORMULA = /^(?:math|mjx-container)$|\b(?:katex|MathJax\w*|mwe-math-element)\b/;
const BLOCK_TAGS = new Set(
  'address article aside blockquote body br caption dd details dialog div dl dt fieldset figcaption figure footer form h1 h2 h3 h4 h5 h6 header hr li main nav ol p pre section summary table tbody td tfoot th thead tr ul'.split(
    ' ',
  ),
);

export function isHiddenElement(el: Element): boolean {
  const hidden = el.getAttribute('hidden');
  return (
    (hidden !== null && hidden !== 'until-found') ||
    el.getAttribute('aria-hidden') === 'true' ||
    HIDDEN_STYLE.test(el.getAttribute('style') ?? '')
  );
}

/** Whether an element is shown to the reader (judged, like the converter, from markup only). */
export function isSeen(el: Element): boolean {
  for (let node: Element | null = el; node; node = node.parentElement) {
    if (UNSEEN_TAGS.has(node.localName) || isHiddenElement(node)) return false;
  }
  return true;
}

export function isFormula(el: Element): boolean {
  return FORMULA.test(el.localName) || FORMULA.test(el.getAttribute('class') ?? '');
}

/** Text a reader sees in document order, with blocks separated by newlines. */
export function visibleText(root: Element): string {
  const out: string[] = [];
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) out.push((child as Text).data);
      else if (child.nodeType === 1) {
        const el = child as Element;
        if (UNSEEN_TAGS.has(el.localName) || isHiddenElement(el) || isFormula(el)) continue;
        const block = BLOCK_TAGS.has(el.localName);
        if (block) out.push('\n');
        walk(el);
        if (block) out.push('\n');
      }
    }
  };
  walk(root);
  return out.join('');
}

// Scripts written without spaces count one character per word.
const WORD = /[\p{L}\p{N}\p{M}]+/gu;

export function words(text: string): string[] {
  return text.normalize('NFKC').match(WORD) ?? [];
}

const FENCE_MARKER = /^[\s>]*(`{3,}|~{3,})/;

/** Whether a line's fence marker closes the open fence (same character, at least as long). */
function closes(marker: string | undefined, fence: string): boolean {
  return !!marker && marker[0] === fence[0] && marker.length >= fence.length;
}

/** One line of Markdown outside code blocks, reduced to its text. */
function inlineText(line: string): string {
  return line
    .split(/(`+)(.+?)\1/)
    .map((part, index) =>
      // split() yields text, delimiter, code, text, …: code spans keep their text as is.
      index % 3 === 2
        ? part
        : index % 3 === 1
          ? ''
          : part
              .replace(/!\[(?:\\.|[^\]\\])*\]\([^)]*\)/g, ' ')
              .replace(/\]\([^)\s]*\)/g, ']')
              .replace(/<br>/g, ' ')
              // Only what the converter writes as markup; literal characters are escaped.
              .replace(/(?<!\\)(?:\*|\[|\]|~~)/g, '')
              .replace(/\\(.)/g, '$1'),
    )
    .join('');
}

/** Markdown reduced to its text: markup removed, escapes undone, link targets dropped. */
export function markdownText(markdown: string): string {
  const out: string[] = [];
  let fence: string | null = null;
  for (const line of markdown.split('\n')) {
    const marker = FENCE_MARKER.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && closes(marker, fence)) fence = null;
    else out.push(fence === null ? inlineText(line) : line);
  }
  return out.join('\n');
}

/** Share of `expected` words found in `actual` in the same order (greedy, bounded look-ahead). */
export function inOrderCoverage(expected: string[], actual: string[], lookAhead = 1000): number {
  if (expected.length === 0) return 1;
  let found = 0;
  let position = 0;
  for (const word of expected) {
    const end = Math.min(actual.length, position + lookAhead);
    for (let i = position; i < end; i++) {
      if (actual[i] === word) {
        found++;
        position = i + 1;
        break;
      }
    }
  }
  return found / expected.length;
}

const FENCE_OPEN = /^((?:> ?|\s)*?)(`{3,}|~{3,})(.*)$/;

/** Bodies of fenced code blocks, with list indentation or quote prefixes removed. */
export function fencedBlocks(markdown: string): string[] {
  const blocks: string[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = FENCE_OPEN.exec(lines[i] ?? '');
    if (!open) continue;
    const [, prefix = '', fence = ''] = open;
    const body: string[] = [];
    for (i++; i < lines.length; i++) {
      const line = lines[i] ?? '';
      const content = line.startsWith(prefix) ? line.slice(prefix.length) : line.replace(/^[\s>]+/, '');
      if (content.startsWith(fence) && !content.slice(fence.length).trim()) break;
      body.push(content);
    }
    blocks.push(body.join('\n'));
  }
  return blocks;
}

/** Markdown with each fenced code block reduced to a `CODE` line. */
export function withoutCodeBlocks(markdown: string): string {
  const lines = markdown.split('\n');
  const kept: string[] = [];
  let fence: string | null = null;
  for (const line of lines) {
    const marker = FENCE_MARKER.exec(line)?.[1];
    if (fence === null && marker) fence = marker;
    else if (fence !== null && closes(marker, fence)) {
      fence = null;
      kept.push('CODE');
    } else if (fence === null) kept.push(line);
  }
  return kept.join('\n');
}

/** Markdown without fenced code blocks and code spans. */
export function withoutCode(markdown: string): string {
  return withoutCodeBlocks(markdown).replace(/(`+)[^`\n]*?\1/g, '');
}

/** Every link and image destination. */
export function destinations(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/(?<!\\)\]\(([^)\s]*)\)/g)].map((match) => match[1] ?? '');
}

/** What a `<pre>` shows: its text, with `<br>` as a line break. */
export function preText(pre: Element): string {
  let text = '';
  const walk = (node: Node) => {
    for (let child = node.firstChild; child; child = child.nextSibling) {
      if (child.nodeType === 3) text += (child as Text).data;
      else if (child.nodeName === 'BR') text += '\n';
      else walk(child);
    }
  };
  walk(pre);
  return text;
}

/** A table as rows of cells, each cell `true` when it holds something (text or an image). */
export type TableShape = boolean[][];

/** GFM tables (header row included); throws on ragged tables. */
export function gfmTables(markdown: string): TableShape[] {
  const tables: TableShape[] = [];
  // Tables in blockquotes and list items carry the container's prefix.
  const lines = withoutCode(markdown)
    .split('\n')
    .map((line) => line.replace(/^(?:>\s?|\s)+/, ''));
  for (let i = 0; i < lines.length; i++) {
    if (!/^\|.*\|$/.test(lines[i] ?? '') || !/^\|(?: :?-+:? \|)+$/.test(lines[i + 1] ?? '')) continue;
    const cells = (line: string) =>
      line
        .split(/(?<!\\)\|/)
        .slice(1, -1)
        .map((cell) => !!cell.trim());
    const table = [cells(lines[i] ?? '')];
    for (i += 2; /^\|.*\|$/.test(lines[i] ?? ''); i++) {
      const row = cells(lines[i] ?? '');
      if (row.length !== table[0]?.length) throw new Error(`ragged table row: ${lines[i]}`);
      table.push(row);
    }
    tables.push(table);
  }
  return tables;
}

/**
 * A data table in the HTML table model: spans expanded, so a cell's content sits in its first
 * slot and the slots it spans are empty. Only rows and cells a reader sees count.
 */
export function htmlTableShape(table: Element): TableShape {
  const rows = [...table.querySelectorAll('tr')].filter((row) => row.closest('table') === table && isSeen(row));
  // Rows still covered by a rowspan from above, per column.
  const covered: number[] = [];
  const shape: TableShape = rows.map((row) => {
    const slots: boolean[] = [];
    const fillCovered = () => {
      while ((covered[slots.length] ?? 0) > 0) {
        covered[slots.length] = (covered[slots.length] ?? 1) - 1;
        slots.push(false);
      }
    };
    for (const cell of [...row.children].filter((c) => (c.localName === 'td' || c.localName === 'th') && isSeen(c))) {
      fillCovered();
      const colspan = Math.max(1, Number.parseInt(cell.getAttribute('colspan') ?? '1', 10) || 1);
      const rowspan = Math.max(1, Number.parseInt(cell.getAttribute('rowspan') ?? '1', 10) || 1);
      // Embedded media become links, so they fill a cell too.
      const filled = !!visibleText(cell).trim() || !!cell.querySelector('img, iframe, video, audio, object, embed');
      for (let k = 0; k < colspan; k++) {
        covered[slots.length] = rowspan - 1;
        slots.push(k === 0 && filled);
      }
    }
    while (slots.length < covered.length) {
      fillCovered();
      if (slots.length < covered.length) slots.push(false);
    }
    return slots;
  });
  const width = Math.max(0, ...shape.map((slots) => slots.length));
  return shape.map((slots) => [...slots, ...Array<boolean>(width - slots.length).fill(false)]);
}

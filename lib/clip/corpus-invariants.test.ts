/**
 * Whole-page selections of every real page in the shared corpus, converted and checked for what
 * a clip must keep: absolute URLs, code verbatim in fences, table shapes, no script or style
 * text, every formula, and the reader's words in order.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type CorpusPage, corpusAvailable, corpusPages, pageUrl, parsePage } from '../../tests/support/clip/corpus';
import {
  destinations,
  fencedBlocks,
  gfmTables,
  htmlTableShape,
  inOrderCoverage,
  isHiddenElement,
  isSeen,
  markdownText,
  preText,
  visibleText,
  withoutCode,
  withoutCodeBlocks,
  words,
} from '../../tests/support/clip/inspect';
import { htmlToLimitedMarkdown, htmlToMarkdown } from './markdown';

interface Converted {
  doc: Document;
  markdown: string;
}

function convertWholePage(page: CorpusPage): Converted {
  const doc = parsePage(page.html);
  const range = doc.createRange();
  range.selectNodeContents(doc.body);
  return { doc, markdown: htmlToMarkdown(range.cloneContents(), { baseUrl: pageUrl(doc, page.name) }) };
}

/** Data tables as the converter defines them; layout tables become blocks (see lib/clip/tables). */
function isDataTable(table: Element): boolean {
  const role = table.getAttribute('role');
  const rows = [...table.querySelectorAll('tr')].filter((row) => row.closest('table') === table && isSeen(row));
  return (
    role !== 'presentation' &&
    role !== 'none' &&
    rows.length >= 2 &&
    !table.querySelector('table, pre') &&
    (!!visibleText(table).trim() || !!table.querySelector('img'))
  );
}

const flat = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim();

/** A button that is all of a heading's or paragraph's text: an accordion's question, kept as text. */
function isTextButton(button: Element): boolean {
  const parent = button.parentElement;
  const bare = (el: Element) => (el.textContent ?? '').replace(/\s+/g, '');
  return (
    !!parent &&
    /^(?:h[1-6]|p)$/.test(parent.localName) &&
    bare(button) !== '' &&
    bare(parent) === bare(button) &&
    !isHiddenElement(button)
  );
}

function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

const pages = corpusAvailable ? corpusPages() : [];
const converted = new Map<string, Converted>();
function convertedPage(page: CorpusPage): Converted {
  let result = converted.get(page.name);
  if (!result) {
    result = convertWholePage(page);
    converted.set(page.name, result);
  }
  return result;
}

describe.skipIf(!corpusAvailable)('corpus pages selected whole (corpus missing: skipped)', () => {
  it('has the 25 pages and the defuddle fixtures', () => {
    expect(pages.filter((page) => page.expectedMetadata)).toHaveLength(25);
    expect(pages.length).toBeGreaterThanOrEqual(32);
  });

  // happy-dom takes seconds to copy and convert a 1 MB page (more on a busy machine): each page is
  // converted once, outside the time limit of the tests that read the result.
  const CONVERSION_TIMEOUT = 60_000;

  describe.each(pages.map((page) => [page.name, page] as const))('%s', (_name, page) => {
    beforeAll(() => {
      convertedPage(page);
    }, CONVERSION_TIMEOUT);

    it('writes only absolute link and image URLs, none of them javascript: or data:', () => {
      const { markdown } = convertedPage(page);
      for (const destination of destinations(markdown)) {
        expect(URL.canParse(destination), destination).toBe(true);
        expect(destination).not.toMatch(/^(?:javascript|data|vbscript):/i);
      }
    });

    it('keeps the text of every visible <pre> verbatim in a fenced block', () => {
      const { doc, markdown } = convertedPage(page);
      const blocks = fencedBlocks(markdown);
      for (const pre of doc.body.querySelectorAll('pre')) {
        if (!isSeen(pre) || pre.parentElement?.closest('pre')) continue;
        const code = preText(pre).replace(/\n$/, '');
        if (code.trim()) expect(blocks, code.slice(0, 60)).toContain(code);
      }
    });

    it('writes each data table as a valid GFM table with the source rows, columns and filled cells', () => {
      const { doc, markdown } = convertedPage(page);
      const source = [...doc.body.querySelectorAll('table')].filter((table) => isSeen(table) && isDataTable(table));
      expect(gfmTables(markdown)).toEqual(source.map(htmlTableShape));
    });

    it('leaks no script or style text and no raw HTML tags', () => {
      const { doc, markdown } = convertedPage(page);
      const text = markdownText(markdown).replace(/\s+/g, ' ');
      for (const el of doc.body.querySelectorAll('script, style')) {
        const snippet = (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40);
        if (snippet.length >= 20) expect(text).not.toContain(snippet);
      }
      expect(withoutCode(markdown)).not.toMatch(/(?<!\\)<\/?(?:script|style|noscript|iframe|svg|sup|sub|div|span)\b/i);
    });

    it('keeps at least 98% of the visible words in order', () => {
      const { doc, markdown } = convertedPage(page);
      const coverage = inOrderCoverage(words(visibleText(doc.body)), words(markdownText(markdown)));
      expect(coverage).toBeGreaterThanOrEqual(0.98);
    });

    it('writes one $…$ or $$…$$ per formula', () => {
      const { doc, markdown } = convertedPage(page);
      const formulas =
        doc.body.querySelectorAll('math').length +
        doc.body.querySelectorAll('script[type^="math/tex"]').length +
        [...doc.body.querySelectorAll('mjx-container')].filter(
          (container) => !container.querySelector('math') && container.querySelector('mjx-c')?.textContent,
        ).length;
      // Inline math as renderers read it: `$` then non-space … non-space `$` not followed by a digit.
      const text = withoutCode(markdown).replace(/\]\([^)\s]*\)/g, ']');
      const written = text.match(/\$\$\n[\s\S]*?\n\$\$|(?<![\\$])\$(?=\S)[^$\n]*?[^\s\\]\$(?!\d)/g) ?? [];
      expect(written).toHaveLength(formulas);
    });

    it('keeps the text of buttons that are a whole heading or paragraph, and adds no other button text', () => {
      const { doc, markdown } = convertedPage(page);
      const text = flat(markdownText(markdown));
      const visible = flat(visibleText(doc.body));
      for (const button of doc.body.querySelectorAll('button')) {
        const label = flat(button.textContent);
        if (!label || !button.parentElement || !isSeen(button.parentElement)) continue;
        if (isTextButton(button)) expect(text).toContain(label);
        else expect(occurrences(text, label), label).toBeLessThanOrEqual(occurrences(visible, label));
      }
    });

    it(
      'comes out the same when converted a group of nodes at a time',
      () => {
        const { doc, markdown } = convertedPage(page);
        const range = doc.createRange();
        range.selectNodeContents(doc.body);
        const grouped = htmlToLimitedMarkdown(range.cloneContents(), {
          baseUrl: pageUrl(doc, page.name),
          maxBytes: Number.POSITIVE_INFINITY,
          groupTextLength: 1_000,
        });
        expect(grouped.markdown).toBe(markdown);
      },
      CONVERSION_TIMEOUT,
    );

    it('is trimmed and has no runs of blank lines outside code', () => {
      const { markdown } = convertedPage(page);
      expect(markdown).not.toMatch(/^\s*\n|\s$/);
      expect(withoutCodeBlocks(markdown)).not.toMatch(/\n[ \t]*\n[ \t]*\n/);
    });
  });
});

import TurndownService from 'turndown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fragment, PAGE_URL } from '../../tests/support/clip/html';
import { htmlToLimitedMarkdown, htmlToMarkdown } from './markdown';
import { utf8Length } from './split-markdown';

const PARAGRAPH = '<p>A starter is a <em>living culture</em>; feed it <a href="/feeding">equal weights</a> daily.</p>';

/** `count` paragraphs, in sections of ten inside one wrapper, as long pages nest them. */
function longPage(count: number): DocumentFragment {
  const sections = Array.from({ length: count / 10 }, () => `<section>${PARAGRAPH.repeat(10)}</section>`);
  return fragment(`<main><div class="wrapper">${sections.join('')}</div></main>`);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('htmlToLimitedMarkdown', () => {
  it('gives the whole Markdown when it stays within the limit', () => {
    const input = longPage(100);
    const whole = htmlToMarkdown(input, { baseUrl: PAGE_URL });
    expect(
      htmlToLimitedMarkdown(input, { baseUrl: PAGE_URL, maxBytes: utf8Length(whole), groupTextLength: 500 }),
    ).toEqual({ markdown: whole });
  });

  it('stops converting once the Markdown passes the limit, and estimates the whole size', () => {
    const input = longPage(500);
    const wholeBytes = utf8Length(htmlToMarkdown(input, { baseUrl: PAGE_URL }));
    const turndown = vi.spyOn(TurndownService.prototype, 'turndown');
    const result = htmlToLimitedMarkdown(input, { baseUrl: PAGE_URL, maxBytes: 5_000, groupTextLength: 500 });
    expect(result.markdown).toBeUndefined();
    expect(result.oversizedBytes).toBeGreaterThan(wholeBytes * 0.95);
    expect(result.oversizedBytes).toBeLessThan(wholeBytes * 1.05);
    // About 5 KB of Markdown in groups of about 500 characters of text: a tenth of the page, not all of it.
    expect(turndown.mock.calls.length).toBeGreaterThan(5);
    expect(turndown.mock.calls.length).toBeLessThan(20);
  });

  it('opens large plain containers but converts list items and table rows together with their list or table', () => {
    const items = Array.from({ length: 40 }, (_, i) => `<li>item ${i} with some words</li>`).join('');
    const rows = Array.from({ length: 40 }, (_, i) => `<tr><td>cell ${i}</td><td>more words</td></tr>`).join('');
    const input = fragment(`<div><ul>${items}</ul><table>${rows}</table><div><p>end</p></div></div>`);
    const whole = htmlToMarkdown(input, { baseUrl: PAGE_URL });
    const grouped = htmlToLimitedMarkdown(input, {
      baseUrl: PAGE_URL,
      maxBytes: Number.POSITIVE_INFINITY,
      groupTextLength: 50,
    });
    expect(grouped.markdown).toBe(whole);
    expect(whole).toMatch(/^- item 0 with some words\n- item 1/);
  });

  it('opens containers nested deep between other blocks, and estimates the whole size from them', () => {
    const sections = Array.from({ length: 40 }, () => `<section>${PARAGRAPH.repeat(10)}</section>`).join('');
    const input = fragment(
      `<div><nav><p>Menu</p></nav><main><div><article>${sections}</article></div><p>Comments</p></main><footer><p>End</p></footer></div>`,
    );
    const whole = htmlToMarkdown(input, { baseUrl: PAGE_URL });
    const turndown = vi.spyOn(TurndownService.prototype, 'turndown');
    const grouped = htmlToLimitedMarkdown(input, {
      baseUrl: PAGE_URL,
      maxBytes: Number.POSITIVE_INFINITY,
      groupTextLength: 500,
    });
    expect(grouped.markdown).toBe(whole);
    // Each section holds about 800 characters of text: one group each, not one for the whole page.
    expect(turndown.mock.calls.length).toBeGreaterThanOrEqual(40);
    const limited = htmlToLimitedMarkdown(input, { baseUrl: PAGE_URL, maxBytes: 2_000, groupTextLength: 500 });
    expect(limited.oversizedBytes).toBeGreaterThan(utf8Length(whole) * 0.95);
    expect(limited.oversizedBytes).toBeLessThan(utf8Length(whole) * 1.05);
  });

  it('keeps the classes of opened containers for the rules that read them', () => {
    const code = '<pre>print(1)</pre>'.repeat(30);
    const input = fragment(`<div class="highlight-python"><div>${code}</div></div>`);
    const grouped = htmlToLimitedMarkdown(input, {
      baseUrl: PAGE_URL,
      maxBytes: Number.POSITIVE_INFINITY,
      groupTextLength: 20,
    });
    expect(grouped.markdown).toBe(Array.from({ length: 30 }, () => '```python\nprint(1)\n```').join('\n\n'));
  });
});

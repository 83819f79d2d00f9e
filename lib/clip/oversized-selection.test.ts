/**
 * A selection larger than the clip limit is answered with its size instead of its Markdown. The
 * limit is lowered here so that a few kilobytes stand for the megabytes of a real page.
 */
import TurndownService from 'turndown';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureSelection } from './selection';
import { utf8Length } from './split-markdown';

vi.mock('./clip-limits', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./clip-limits')>()),
  MAX_CLIP_BYTES: 2_000,
}));

const PARAGRAPH = '<p>A starter is a <em>living culture</em>; feed it <a href="/feeding">equal weights</a> daily.</p>';

afterEach(() => {
  vi.restoreAllMocks();
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

function selectBody(): void {
  const range = document.createRange();
  range.selectNodeContents(document.body);
  window.getSelection()?.addRange(range);
}

describe('captureSelection past the clip limit', () => {
  it('refuses a selection whose text alone passes the limit at once: its size, and nothing copied or converted', () => {
    document.body.innerHTML = `<main>${PARAGRAPH.repeat(50)}</main>`;
    selectBody();
    const copy = vi.spyOn(Range.prototype, 'cloneContents');
    const turndown = vi.spyOn(TurndownService.prototype, 'turndown');
    const textBytes = utf8Length(window.getSelection()?.toString() ?? '');
    expect(textBytes).toBeGreaterThan(2_000);

    expect(captureSelection(document, window)).toEqual({
      markdown: '',
      text: '',
      wordCount: 0,
      oversizedBytes: textBytes,
    });
    expect(copy).not.toHaveBeenCalled();
    expect(turndown).not.toHaveBeenCalled();
  });

  it('measures the text in UTF-8 bytes: fewer characters than the limit can still pass it', () => {
    // 1,000 characters of three bytes each.
    document.body.innerHTML = `<p>${'麵'.repeat(1_000)}</p>`;
    selectBody();
    const copy = vi.spyOn(Range.prototype, 'cloneContents');
    expect(captureSelection(document, window)?.oversizedBytes).toBe(3_000);
    expect(copy).not.toHaveBeenCalled();
  });

  it('converts a selection whose text fits, and refuses it with the estimate once its Markdown passes the limit', () => {
    // Short link texts, long addresses: 40 characters of text, about 3 KB of Markdown.
    const links = Array.from(
      { length: 40 },
      (_, i) => `<a href="/${'starter-feeding-guide/'.repeat(3)}${i}">${i % 10}</a>`,
    );
    document.body.innerHTML = `<p>${links.join(' ')}</p>`;
    selectBody();
    expect(window.getSelection()?.toString().length).toBeLessThan(2_000);
    const capture = captureSelection(document, window);
    expect(capture).toMatchObject({ markdown: '', text: '', wordCount: 0 });
    expect(capture?.oversizedBytes).toBeGreaterThan(2_000);
  });

  it('answers a selection within the limit as usual', () => {
    document.body.innerHTML = PARAGRAPH.repeat(3);
    selectBody();
    const capture = captureSelection(document, window);
    expect(capture?.oversizedBytes).toBeUndefined();
    expect(capture?.markdown).toMatch(/^A starter is a \*living culture\*/);
  });

  it('answers a text field selection past the limit with its size', () => {
    document.body.innerHTML = `<textarea>${'word '.repeat(1_000)}</textarea>`;
    const field = document.querySelector('textarea') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(0, field.value.length);
    expect(captureSelection(document, window)).toEqual({ markdown: '', text: '', wordCount: 0, oversizedBytes: 5_000 });
  });
});

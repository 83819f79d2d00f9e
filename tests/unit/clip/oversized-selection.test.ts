/**
 * A selection larger than the clip limit is answered with its size instead of its Markdown. The
 * limit is lowered here so that a few kilobytes stand for the megabytes of a real page.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { captureSelection } from '../../../lib/clip/selection';

vi.mock('../../../lib/clip/clip-limits', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/clip/clip-limits')>()),
  MAX_CLIP_BYTES: 2_000,
}));

const PARAGRAPH = '<p>A starter is a <em>living culture</em>; feed it <a href="/feeding">equal weights</a> daily.</p>';

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

function selectBody(): void {
  const range = document.createRange();
  range.selectNodeContents(document.body);
  window.getSelection()?.addRange(range);
}

describe('captureSelection past the clip limit', () => {
  it('answers with the estimated size, and neither the Markdown nor the text', () => {
    document.body.innerHTML = `<main>${PARAGRAPH.repeat(300)}</main>`;
    selectBody();
    const capture = captureSelection(document, window);
    expect(capture).toMatchObject({ markdown: '', text: '', wordCount: 0 });
    // 300 paragraphs of about 100 bytes of Markdown each.
    expect(capture?.oversizedBytes).toBeGreaterThan(27_000);
    expect(capture?.oversizedBytes).toBeLessThan(33_000);
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
    expect(captureSelection(document, window)).toEqual({ markdown: '', text: '', wordCount: 0, oversizedBytes: 4_999 });
  });
});

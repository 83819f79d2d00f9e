import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';
import { capturePage, type PageCapture } from '@/lib/clip/page-capture';
import { readPage } from './page-reader';

const TAB = { id: 7, url: 'https://example.com/post', title: 'Tab title', favIconUrl: 'https://example.com/icon.png' };

/** What the content script answers for a page with a selected paragraph, read from a real document. */
function realCapture(): PageCapture {
  document.head.innerHTML = '<title>A post | Example</title><meta name="author" content="Ada">';
  document.body.innerHTML = '<p>Selected <em>words</em> here.</p>';
  const range = document.createRange();
  range.selectNodeContents(document.body);
  window.getSelection()?.addRange(range);
  return capturePage(document, window);
}

function answer(result: unknown): void {
  fakeBrowser.scripting.executeScript = vi.fn().mockResolvedValue([{ frameId: 0, result }]);
}

beforeEach(() => {
  fakeBrowser.tabs.get = vi.fn().mockResolvedValue(TAB);
});

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.head.innerHTML = '';
  document.body.innerHTML = '';
});

const UNREADABLE = {
  url: TAB.url,
  title: TAB.title,
  metadata: null,
  selection: null,
  unreadable: 'not-scriptable',
};

describe('readPage', () => {
  it("takes the content script's answer when it is one the script can give", async () => {
    const capture = realCapture();
    answer(capture);
    const page = await readPage(TAB.id);
    expect(page).toMatchObject({ title: capture.metadata.title, unreadable: undefined });
    expect(page.selection?.markdown).toBe('Selected *words* here.');
    expect(page.metadata?.author).toBe('Ada');
  });

  it('takes an answer that carries only the size of a selection too large to clip', async () => {
    const capture = realCapture();
    answer({ ...capture, selection: { markdown: '', text: '', wordCount: 0, oversizedBytes: 25_000_000 } });
    expect((await readPage(TAB.id)).selection?.oversizedBytes).toBe(25_000_000);
  });

  it.each([
    ['no answer', () => undefined],
    [
      'a title past its cap',
      (capture: PageCapture) => ({ ...capture, metadata: { ...capture.metadata, title: 'x'.repeat(2_001) } }),
    ],
    [
      'a description past its cap',
      (capture: PageCapture) => ({ ...capture, metadata: { ...capture.metadata, description: 'x'.repeat(5_001) } }),
    ],
    [
      'an address past its cap',
      (capture: PageCapture) => ({
        ...capture,
        metadata: { ...capture.metadata, canonicalUrl: `https://a.example/${'x'.repeat(8_000)}` },
      }),
    ],
    [
      'Markdown past the clip limit',
      (capture: PageCapture) => ({
        ...capture,
        selection: { markdown: 'x'.repeat(MAX_CLIP_BYTES + 1), text: 'x', wordCount: 1 },
      }),
    ],
    [
      'a field of the wrong type',
      (capture: PageCapture) => ({ ...capture, selection: { markdown: 1, text: '', wordCount: 0 } }),
    ],
    ['a field the script never sends', (capture: PageCapture) => ({ ...capture, token: 'cap-api-x' })],
    [
      'a negative word count',
      (capture: PageCapture) => ({ ...capture, selection: { markdown: 'x', text: 'x', wordCount: -1 } }),
    ],
  ])('treats an answer with %s like an unreadable page', async (_case, tamper) => {
    answer(tamper(realCapture()));
    expect(await readPage(TAB.id)).toEqual(UNREADABLE);
  });
});

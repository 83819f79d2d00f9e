/**
 * Pages that try to make a clip say more than they show, or to stall the clipper: the selection
 * is captured by the injected content script in Chromium, as when a person clips.
 */
import type { BrowserContext, Page } from '@playwright/test';
import { MAX_CLIP_BYTES, megabytes } from '../../lib/clip/clip-limits.ts';
import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import { markupIn } from '../support/clip/markdown-links.ts';
import { markdownOf, objectsIn, requestLog } from './emulator-client';
import { expect, extensionWorker, test } from './fixtures';

/** Opens a fixture page and selects the contents of `selector`, as a reader would. */
async function openSelected(context: BrowserContext, url: string, selector: string): Promise<Page> {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate((css) => {
    const range = document.createRange();
    range.selectNodeContents(document.querySelector(css) as Node);
    getSelection()?.removeAllRanges();
    getSelection()?.addRange(range);
  }, selector);
  return page;
}

test.describe('hostile pages', () => {
  test('TeX hidden in formulas adds no link, image or HTML to the note', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const url = `${pages.url}/hostile-math.html`;
    const page = await openSelected(context, url, '#formulas');
    // What the page shows as links: one in its text, and the source line the clip adds.
    const shown = ['link https://example.com/shown', `link ${url}`];

    await popup.open(page);
    await expect(popup.notes).toHaveValue(/^> # Formulas that carry Markdown/);
    const notes = await popup.notes.inputValue();
    expect(markupIn(notes, 'plain')).toEqual(shown);
    expect(markupIn(notes, 'math')).toEqual(shown);
    // Each formula is still there: the MathML shown, or TeX that could be written safely.
    expect(notes).toContain('$a$');
    expect(notes).toContain('$[y]{}(javascript:alert(4))$');

    await popup.page.getByRole('button', { name: 'Add to daily note' }).click();
    await expect(popup.status).toHaveText('Saved');
    await emulator.waitForDailyNotes();
    const today = new Date().toLocaleDateString('sv');
    const note = (await objectsIn(emulator, DEMO.spaceId, 'RootDailyNote')).find((object) => object.title === today);
    // The workspace read the Markdown with math support; what it stored has no other link either.
    const stored = await markdownOf(emulator, note?.id ?? '', DEMO_TOKENS.demo);
    expect(markupIn(stored, 'plain')).toEqual(shown);
  });

  test('text the stylesheet hides stays out, and an accordion question stays in', async ({
    context,
    options,
    popup,
    pages,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const page = await openSelected(context, `${pages.url}/hostile-hidden.html`, '#faq');
    await popup.open(page);
    await expect(popup.notes).toHaveValue(/^> # Questions and hidden text/);
    const notes = await popup.notes.inputValue();
    expect(notes).toContain('> ### How often is a starter fed?\n>\n> Once a day at room temperature.');
    expect(notes).toContain('> ### Can it be frozen?\n>\n> Shown text around a hidden span.');
    expect(notes).not.toMatch(/Hidden answer|ghost|Share this page/);
  });

  test('a 25 MB selection: the popup is ready at once, and adding it says at once how large its text is and sends nothing', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    // Building 25 MB takes the page several seconds on a small machine.
    test.setTimeout(120_000);
    await options.connectSpace(DEMO_TOKENS.demo);
    const page = await context.newPage();
    await page.goto(`${pages.url}/hostile-huge-selection.html`);
    const textBytes = await page.evaluate(() => new TextEncoder().encode(getSelection()?.toString()).length);
    expect(textBytes).toBeGreaterThan(25_000_000);

    await popup.open(page);
    await expect(popup.title).toHaveValue('A page that selects 25 MB');
    await expect(popup.savePage).toBeEnabled();
    // The worker keeps answering while the page is being read.
    expect(await (await extensionWorker(context)).evaluate(() => 1 + 1)).toBe(2);

    // The text is measured before anything is converted: the refusal comes without the wait of
    // converting megabytes (the default timeout, not half a minute), and names the text's size.
    const addToDailyNote = popup.page.getByRole('button', { name: 'Add to daily note' });
    await expect(addToDailyNote).toBeEnabled();
    await expect(popup.notes).toHaveValue('');
    await addToDailyNote.click();
    await expect(popup.status).toHaveText(
      `The selection is ${megabytes(textBytes)} MB; at most ${megabytes(MAX_CLIP_BYTES)} MB can be clipped. Select less and clip it in pieces.`,
    );
    await expect(popup.savePage).toBeEnabled();

    const appends = (await requestLog(emulator)).filter((entry) => entry.path.includes('daily-note'));
    expect(appends).toEqual([]);
  });
});

import { expect } from '@playwright/test';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, type Driver, heading, type Tab, textbox, type UiPage } from '../driver/driver';
import { waitForEmptyOutbox } from './extension-state';
import { defineFlow, EVERYWHERE } from './flow';
import { connectSpace, onlyWeblinkOf, openArticle, openPopupFor } from './steps';

const INTRO = /^A starter is a living culture of wild yeast/;
export const RATIO = 'Most bakers keep a 1:1:1 ratio. Use the table to scale it:';
export const PATIENCE = 'Patience is the most important ingredient.';

/** Highlights each element's text in the tab, as "Highlight selection" does, and waits until they have landed. */
export async function highlightEach(driver: Driver, tab: Tab, selectors: string[]): Promise<void> {
  for (const selector of selectors) {
    await tab.selectContents(selector);
    const answer = await driver.sendToBackground('highlightSelection', { spaceId: DEMO.spaceId, tabId: tab.id });
    expect(answer.ok && answer.value.kind, `highlighting ${selector}`).toBe('highlighted');
  }
  await waitForEmptyOutbox(driver, 20_000);
}

/** Each item of the popup's list "Highlights" as a person reads it: its quote, its colour, its note, under which heading. */
export function listed(popup: UiPage) {
  return popup.evaluate(() => {
    const title = [...document.querySelectorAll('h2')].find((h2) => h2.textContent === 'Highlights');
    const list = title && document.querySelector(`ul[aria-labelledby="${title.id}"]`);
    return [...(list?.querySelectorAll(':scope > li') ?? [])].map((item) => ({
      quote: item.querySelector('blockquote')?.textContent ?? '',
      colour: item.querySelector<HTMLInputElement>('input[type=radio]:checked')?.closest('label')?.textContent ?? '',
      note: item.querySelector('textarea')?.value ?? '',
      heading: item.querySelector('h3')?.textContent ?? '',
    }));
  }, undefined);
}

/** What "Copy as Markdown" puts on the clipboard: the popup's clipboard, watched. */
function watchClipboard(popup: UiPage): Promise<void> {
  return popup.evaluate(() => {
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: async (text: string) => {
        Object.assign(globalThis, { copied: text });
      },
    });
  }, undefined);
}

export const highlightListFlows = [
  defineFlow(
    'the popup\'s list "Highlights" changes a colour and a note, removes one, lists one not found under its heading, and copies them as Markdown',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      await highlightEach(driver, article, ['#intro', 'h2 + p', 'blockquote']);

      let popup = await openPopupFor(driver, article);
      await popup.waitFor(heading('Highlights'));
      await expect
        .poll(() => listed(popup))
        .toEqual([
          { quote: expect.stringMatching(INTRO), colour: 'Yellow', note: '', heading: '' },
          { quote: RATIO, colour: 'Yellow', note: '', heading: '' },
          { quote: PATIENCE, colour: 'Yellow', note: '', heading: '' },
        ]);

      // The first one: a colour (sent at once) and a note (sent when its box loses focus).
      await popup.click({ role: 'radio', name: 'Green' });
      await popup.fill(textbox('Highlight note'), 'Weigh, do not guess');
      await popup.click(heading('Highlights'));
      const url = `${pagesUrl}/article.html`;
      const weblinkBlocks = async () => JSON.stringify((await onlyWeblinkOf(emulator, url)).blocks);
      // Sent once the box has lost focus, through the outbox: polled until it has landed.
      await expect.poll(weblinkBlocks, { timeout: 20_000 }).toContain('Weigh, do not guess');
      await waitForEmptyOutbox(driver, 20_000);
      await popup.close();

      // Read back from the space: the colour and the note are what the list shows again.
      popup = await openPopupFor(driver, article);
      await expect
        .poll(async () => (await listed(popup))[0])
        .toEqual({
          quote: expect.stringMatching(INTRO),
          colour: 'Green',
          note: 'Weigh, do not guess',
          heading: '',
        });
      await popup.click(button('Remove highlight'));
      await expect.poll(async () => (await listed(popup)).map((item) => item.quote)).toEqual([RATIO, PATIENCE]);
      await expect.poll(weblinkBlocks, { timeout: 20_000 }).not.toContain('wild yeast');
      await waitForEmptyOutbox(driver, 20_000);
      await popup.close();

      // The page changed since: its quotation is gone. That highlight is kept, listed as not found.
      const changed = await openArticle(driver, pagesUrl);
      await driver.inExtension(async (tabId) => {
        await chrome.scripting.executeScript({
          target: { tabId },
          world: 'MAIN',
          func: () => document.querySelector('blockquote')?.remove(),
        });
      }, changed.id);
      popup = await openPopupFor(driver, changed);
      await expect
        .poll(() => listed(popup))
        .toEqual([
          { quote: RATIO, colour: 'Yellow', note: '', heading: '' },
          { quote: PATIENCE, colour: 'Yellow', note: '', heading: 'Not found on this page' },
        ]);

      await watchClipboard(popup);
      await popup.click(button('Copy as Markdown'));
      await expect
        .poll(() => popup.evaluate(() => (globalThis as { copied?: string }).copied, undefined))
        .toBe(`> ${RATIO}\n\n> ${PATIENCE}\n\n— [${changed.title}](${url})`);
    },
    { runs: EVERYWHERE },
  ),
];

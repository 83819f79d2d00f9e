import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { expect } from '../expect';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { connectSpace, openArticle, openPopupFor } from './steps';

/**
 * Records what the popup shows in its first paint (the first time its root holds anything), and
 * whether it ever says it is loading the space's fields. A popup that paints from its cache shows
 * the form at once, never a bare heading first, and its properties without waiting for them.
 */
const FIRST_PAINT_PROBE = `
  new MutationObserver(() => {
    const root = document.getElementById('root');
    if (!root || !root.firstElementChild) return;
    if (document.querySelector('.form-loading')) window.__sawLoadingFields = true;
    if (window.__firstPaint) return;
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Title');
    const title = label ? document.getElementById(label.htmlFor) : null;
    window.__firstPaint = {
      heading: document.querySelector('h1')?.textContent ?? '',
      title: title ? title.value : null,
      saveEnabled: [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Save page' && !b.disabled),
    };
  }).observe(document, { subtree: true, childList: true });
`;

/** Chromium only: the probe must run before the popup's own scripts, which only Playwright can arrange. */
export const popupCacheFlows = [
  defineFlow(
    'a popup opened again paints the whole form at once, from what an earlier open kept, even one closed as soon as it was ready',
    async ({ driver, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);

      // A first open, closed as soon as the form is filled and its properties are known: a glance.
      const first = await openPopupFor(driver, article);
      await expect(chromium.pageOf(first).getByText(/^Properties \([1-9]\d*\)$/)).toBeVisible();
      await first.close();

      const again = await chromium.popupWithInitScript(article, FIRST_PAINT_PROBE);
      const page = chromium.pageOf(again);
      await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Keeping Bread Starters Alive');
      await expect(page.getByText(/^Properties \([1-9]\d*\)$/)).toBeVisible();
      const seen = await again.evaluate(() => {
        const probe = window as unknown as { __firstPaint: unknown; __sawLoadingFields?: boolean };
        return { firstPaint: probe.__firstPaint, sawLoadingFields: probe.__sawLoadingFields ?? false };
      }, undefined);
      expect(seen).toEqual({
        firstPaint: {
          heading: 'Clip to Demo space',
          title: expect.stringContaining('Keeping Bread Starters Alive'),
          saveEnabled: true,
        },
        sawLoadingFields: false,
      });
    },
    { runs: CHROMIUM_ONLY },
  ),
];

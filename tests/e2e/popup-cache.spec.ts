import { DEMO_TOKENS } from '../emulator/seed.ts';
import { expect, test } from './fixtures';
import { tabIdOf } from './pages/popup';
import { openArticle } from './steps';

/**
 * Records what the popup shows in its first paint: the first time its root holds anything. A
 * popup that paints from its cache shows the whole form at once, never a bare heading first.
 */
const FIRST_PAINT_PROBE = `
  new MutationObserver((_changes, observer) => {
    const root = document.getElementById('root');
    if (!root || !root.firstElementChild) return;
    observer.disconnect();
    const label = [...document.querySelectorAll('label')].find((l) => l.textContent.trim() === 'Title');
    const title = label ? document.getElementById(label.htmlFor) : null;
    window.__firstPaint = {
      heading: document.querySelector('h1')?.textContent ?? '',
      title: title ? title.value : null,
      saveEnabled: [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Save page' && !b.disabled),
      properties: document.querySelector('summary')?.textContent ?? '',
      loadingFields: document.querySelector('.form-loading') !== null,
    };
  }).observe(document, { subtree: true, childList: true });
`;

test('a popup opened again paints the whole form at once, from what an earlier open kept, even one closed as soon as it was ready', async ({
  context,
  popup,
  options,
  pages,
  extensionId,
}) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  const article = await openArticle(context, pages.url);

  // A first open, closed as soon as the form is filled and its properties are known: a glance.
  await popup.open(article);
  await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
  await expect(popup.page.getByText(/^Properties \([1-9]\d*\)$/)).toBeVisible();
  await popup.page.close();

  const again = await context.newPage();
  await again.addInitScript(FIRST_PAINT_PROBE);
  popup.page = again;
  await again.goto(`chrome-extension://${extensionId}/popup.html?tabId=${await tabIdOf(article)}`);
  await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
  const firstPaint = await again.evaluate(() => (window as unknown as { __firstPaint: unknown }).__firstPaint);
  expect(firstPaint).toEqual({
    heading: 'Clip to Demo space',
    title: expect.stringContaining('Keeping Bread Starters Alive'),
    saveEnabled: true,
    properties: expect.stringMatching(/^Properties \([1-9]\d*\)$/),
    loadingFields: false,
  });
});

import AxeBuilder from '@axe-core/playwright';
import { DEMO_TOKENS } from '../emulator/seed.ts';
import { expect, test } from './fixtures';
import { openArticle } from './steps';

/** axe-core through Playwright, so in Chromium only; the same pages run every flow in Firefox too. */
test('the popup and the options page have no accessibility violations', async ({ context, options, popup, pages }) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  const optionsResults = await new AxeBuilder({ page: options.page }).analyze();
  expect(optionsResults.violations).toEqual([]);
  const article = await openArticle(context, pages.url);
  await popup.open(article);
  await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
  await popup.page.getByText(/^Properties/).click();
  const popupResults = await new AxeBuilder({ page: popup.page }).analyze();
  expect(popupResults.violations).toEqual([]);
  await popup.page.emulateMedia({ colorScheme: 'dark' });
  const darkResults = await new AxeBuilder({ page: popup.page }).analyze();
  expect(darkResults.violations).toEqual([]);
});

test('the options page has no accessibility violations from its welcome to Undo, light and dark', async ({
  options,
}) => {
  const check = async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      await options.page.emulateMedia({ colorScheme });
      expect((await new AxeBuilder({ page: options.page }).analyze()).violations).toEqual([]);
    }
  };
  await options.open();
  await options.openDisclosure('Advanced');
  // The welcome with everything open, and a refused token at its field.
  await options.connectWithToken('cap-api-not-a-real-token');
  await expect(options.page.getByText(/did not accept this token/)).toBeVisible();
  await check();
  // Connected: the How to clip card; then Disconnect's Undo.
  await options.connectWithToken(DEMO_TOKENS.demo);
  await expect(options.page.getByRole('heading', { name: 'How to clip' })).toBeVisible();
  await check();
  await options.page.getByRole('button', { name: 'Disconnect Demo space' }).click();
  await expect(options.page.getByRole('button', { name: 'Undo' })).toBeFocused();
  await check();
});

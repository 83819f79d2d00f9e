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

test('the capture rules editor, a rule open, has no accessibility violations, light or dark', async ({ options }) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  await options.page.getByRole('button', { name: 'Add a blank rule' }).click();
  await expect(options.page.getByRole('button', { name: 'Save rule' })).toBeVisible();
  expect((await new AxeBuilder({ page: options.page }).analyze()).violations).toEqual([]);
  await options.page.emulateMedia({ colorScheme: 'dark' });
  expect((await new AxeBuilder({ page: options.page }).analyze()).violations).toEqual([]);
});

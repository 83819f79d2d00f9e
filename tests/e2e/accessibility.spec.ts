import AxeBuilder from '@axe-core/playwright';
import { DEMO_TOKENS } from '../emulator/seed.ts';
import { expect, test } from './fixtures';
import { openArticle } from './steps';

/** axe-core through Playwright, so in Chromium only; the same pages run every flow in Firefox too. */
test('the popup and the options page have no accessibility violations', async ({ context, options, popup, pages }) => {
  await options.connectSpace(DEMO_TOKENS.demo);
  const optionsResults = await new AxeBuilder({ page: options.page }).analyze();
  expect(optionsResults.violations).toEqual([]);
  const article = await openArticle(context, pages.url, '#intro');
  await popup.open(article);
  await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
  // With a highlight, so that the list "Highlights" is checked too.
  await popup.page.getByRole('button', { name: 'Highlight selection' }).click();
  await expect(popup.page.getByRole('list', { name: 'Highlights' }).getByRole('listitem')).toHaveCount(1);
  await popup.page.getByText(/^Properties/).click();
  const popupResults = await new AxeBuilder({ page: popup.page }).analyze();
  expect(popupResults.violations).toEqual([]);
  await popup.page.emulateMedia({ colorScheme: 'dark' });
  const darkResults = await new AxeBuilder({ page: popup.page }).analyze();
  expect(darkResults.violations).toEqual([]);
});

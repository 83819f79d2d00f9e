import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { button, heading } from '../driver/driver';
import { expect } from '../expect';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { connectSpace, connectWithToken, openArticle, openDisclosure, openPopupFor } from './steps';

/** axe-core's audit runs through Playwright, so in Chromium only; the same pages run every flow in Firefox too. */
export const accessibilityFlows = [
  defineFlow(
    'the popup and the options page have no accessibility violations',
    async ({ driver, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      expect(await chromium.accessibilityViolations(options)).toEqual([]);
      const popup = await openPopupFor(driver, await openArticle(driver, pagesUrl, '#intro'));
      // With a highlight, so that the list "Highlights" is checked too.
      await popup.click(button('Highlight selection'));
      await expect(chromium.pageOf(popup).getByRole('list', { name: 'Highlights' }).getByRole('listitem')).toHaveCount(
        1,
      );
      await popup.clickText(/^Properties/);
      expect(await chromium.accessibilityViolations(popup)).toEqual([]);
      await driver.setColorScheme('dark');
      expect(await chromium.accessibilityViolations(popup)).toEqual([]);
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'the options page has no accessibility violations from its welcome to Undo, light and dark',
    async ({ driver }) => {
      const chromium = chromiumOnly(driver);
      const options = await driver.options();
      const page = chromium.pageOf(options);
      const check = async () => {
        for (const colorScheme of ['light', 'dark'] as const) {
          // Without motion the colours are the scheme's at once: axe read a button mid-transition.
          await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
          expect(await chromium.accessibilityViolations(options)).toEqual([]);
        }
      };
      await openDisclosure(options, 'Advanced');
      // The welcome with everything open, and a refused token at its field.
      await connectWithToken(options, 'cap-api-not-a-real-token');
      await expect.poll(() => options.text()).toMatch(/did not accept this token/);
      await check();
      // Connected: the How to clip card; then Disconnect's Undo.
      await connectWithToken(options, DEMO_TOKENS.demo);
      await options.waitFor(heading('How to clip'));
      await check();
      await options.click(button('Disconnect Demo space'));
      await options.waitFor(button('Undo'));
      await check();
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'the popup with no space connected, offering Sign in, has no accessibility violations',
    async ({ driver }) => {
      const chromium = chromiumOnly(driver);
      const popup = await driver.popup();
      await popup.waitFor(button('Sign in'));
      expect(await chromium.accessibilityViolations(popup)).toEqual([]);
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'the capture rules editor, a rule open, has no accessibility violations, light or dark',
    async ({ driver }) => {
      const chromium = chromiumOnly(driver);
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      await options.click(button('Add a blank rule'));
      await options.waitFor(button('Save rule'));
      const page = chromium.pageOf(options);
      for (const colorScheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
        expect(await chromium.accessibilityViolations(options)).toEqual([]);
      }
    },
    { runs: CHROMIUM_ONLY },
  ),
];

import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { expect } from '../expect';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { connectSpace, openArticle, openPopupFor } from './steps';

/** axe-core's audit runs through Playwright, so in Chromium only; the same pages run every flow in Firefox too. */
export const accessibilityFlows = [
  defineFlow(
    'the popup and the options page have no accessibility violations',
    async ({ driver, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      expect(await chromium.accessibilityViolations(options)).toEqual([]);
      const popup = await openPopupFor(driver, await openArticle(driver, pagesUrl));
      await popup.clickText(/^Properties/);
      expect(await chromium.accessibilityViolations(popup)).toEqual([]);
      await driver.setColorScheme('dark');
      expect(await chromium.accessibilityViolations(popup)).toEqual([]);
    },
    { runs: CHROMIUM_ONLY },
  ),
];

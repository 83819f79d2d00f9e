import { MAX_CLIP_BYTES, megabytes } from '../../../lib/clip/clip-limits.ts';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { markupIn } from '../../support/clip/markdown-links.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { button, textbox } from '../driver/driver';
import { markdownOf, objectsIn } from '../emulator-client';
import { expect } from '../expect';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { connectSpace, openPopupFor, today } from './steps';

/**
 * Pages that try to make a clip say more than they show, or to stall the clipper: the selection
 * is captured by the injected script in Chromium, as when a person clips.
 */
export const hostilePageFlows = [
  defineFlow(
    'hostile pages: TeX hidden in formulas adds no link, image or HTML to the note',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const url = `${pagesUrl}/hostile-math.html`;
      const page = await driver.openPage(url);
      await page.selectContents('#formulas');
      // What the page shows as links: one in its text, and the source line the clip adds.
      const shown = ['link https://example.com/shown', `link ${url}`];

      const popup = await driver.popup(page);
      await expect.poll(() => popup.value(textbox('Notes'))).toMatch(/^> # Formulas that carry Markdown/);
      const notes = await popup.value(textbox('Notes'));
      expect(markupIn(notes, 'plain')).toEqual(shown);
      expect(markupIn(notes, 'math')).toEqual(shown);
      // Each formula is still there: the MathML shown, or TeX that could be written safely.
      expect(notes).toContain('$a$');
      expect(notes).toContain('$[y]{}(javascript:alert(4))$');

      await popup.click(button('Add to daily note'));
      await expect.poll(() => popup.status()).toBe('Saved');
      await emulator.waitForDailyNotes();
      const note = (await objectsIn(emulator, DEMO.spaceId, 'RootDailyNote')).find(
        (object) => object.title === today(),
      );
      // The workspace read the Markdown with math support; what it stored has no other link either.
      const stored = await markdownOf(emulator, note?.id ?? '', DEMO_TOKENS.demo);
      expect(markupIn(stored, 'plain')).toEqual(shown);
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'hostile pages: text the stylesheet hides stays out, and an accordion question stays in',
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const page = await driver.openPage(`${pagesUrl}/hostile-hidden.html`);
      await page.selectContents('#faq');
      const popup = await driver.popup(page);
      await expect.poll(() => popup.value(textbox('Notes'))).toMatch(/^> # Questions and hidden text/);
      const notes = await popup.value(textbox('Notes'));
      expect(notes).toContain('> ### How often is a starter fed?\n>\n> Once a day at room temperature.');
      expect(notes).toContain('> ### Can it be frozen?\n>\n> Shown text around a hidden span.');
      expect(notes).not.toMatch(/Hidden answer|ghost|Share this page/);
    },
    { runs: CHROMIUM_ONLY },
  ),

  defineFlow(
    'hostile pages: a 25 MB selection: the popup is ready at once, and adding it says at once how large its text is and sends nothing',
    async ({ driver, emulator, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      await connectSpace(driver, DEMO_TOKENS.demo);
      const page = await driver.openPage(`${pagesUrl}/hostile-huge-selection.html`);
      const textBytes = await chromium
        .pageOf(page)
        .evaluate(() => new TextEncoder().encode(getSelection()?.toString()).length);
      expect(textBytes).toBeGreaterThan(25_000_000);

      const popup = await openPopupFor(driver, page, 'A page that selects 25 MB');
      const enabled = (name: string) => chromium.pageOf(popup).getByRole('button', { name, exact: true });
      await expect(enabled('Save page')).toBeEnabled();
      // The worker keeps answering while the page is being read.
      expect(await chromium.inServiceWorker(() => 1 + 1, undefined)).toBe(2);

      // The text is measured before anything is converted: the refusal comes without the wait of
      // converting megabytes (the default timeout, not half a minute), and names the text's size.
      await expect(enabled('Add to daily note')).toBeEnabled();
      await expect.poll(() => popup.value(textbox('Notes'))).toBe('');
      await popup.click(button('Add to daily note'));
      await expect
        .poll(() => popup.status())
        .toBe(
          `The selection is ${megabytes(textBytes)} MB; at most ${megabytes(MAX_CLIP_BYTES)} MB can be clipped. Select less and clip it in pieces.`,
        );
      await expect(enabled('Save page')).toBeEnabled();

      const appends = (await emulator.log()).filter((entry) => entry.path.includes('daily-note'));
      expect(appends).toEqual([]);
    },
    // Building 25 MB takes the page several seconds on a small machine. Alone, because "at once" is
    // the default expect timeout: beside the other workers' browsers, reading 25 MB kept "Add to
    // daily note" disabled for more than its 10 s.
    { runs: CHROMIUM_ONLY, timeoutMs: 120_000, alone: true },
  ),
];

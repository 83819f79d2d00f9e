import { expect } from '@playwright/test';
import { highlightBlock } from '../../../lib/clips/highlight-blocks';
import type { HighlightColour } from '../../../lib/highlighter/colours';
import type { ProfileName } from '../../emulator/profile.ts';
import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { button, heading } from '../driver/driver';
import { apiSend, type EmulatorAccess } from '../emulator-client';
import { drawnHighlights } from '../highlighter-page';
import { waitForEmptyOutbox } from './extension-state';
import { CHROMIUM_ONLY, defineFlow, EVERYWHERE, inBrowsers } from './flow';
import { highlightBlocks } from './highlight-flows';
import { highlightEach, listed, PATIENCE, RATIO } from './highlight-list-flows';
import { pageView } from './highlighter-flows';
import {
  ARTICLE_TITLE,
  connectSpace,
  lastLogSeq,
  onlyWeblinkOf,
  openArticle,
  openPopupFor,
  tabInfo,
  weblinksOf,
} from './steps';

/** Calls the API as another device of the space would, with the demo token. */
const callApi = (emulator: EmulatorAccess, path: string, body: unknown) =>
  apiSend(emulator, 'POST', path, body, DEMO_TOKENS.demo);

export interface ElsewhereHighlight {
  quote: string;
  colour: HighlightColour;
  note?: string;
}

/**
 * Saves a weblink of `url` with highlight blocks as another device would, this extension never
 * told of it: POST /object/url, then POST /blocks/append in the profile's form.
 */
export async function highlightElsewhere(
  emulator: EmulatorAccess,
  profile: ProfileName,
  url: string,
  highlights: ElsewhereHighlight[],
  title = ARTICLE_TITLE,
): Promise<string> {
  const { id } = await callApi(emulator, '/object/url', {
    url,
    markdown: 'Saved elsewhere.',
    properties: { title: { type: 'title', title: { value: title } } },
  });
  const form = profile === 'published' ? 'published' : 'spec';
  const blocks = highlights.map(({ quote, colour, note = '' }, index) =>
    highlightBlock({ id: `elsewhere-${index}`, quote, colour, url, label: 'Highlight', location: '', note }, form),
  );
  // In appends of 100, as a client keeps each request small.
  for (let start = 0; start < blocks.length; start += 100) {
    const some = blocks.slice(start, start + 100);
    await callApi(
      emulator,
      '/blocks/append',
      form === 'published' ? { id, blocks: some } : { objectId: id, blocks: some },
    );
  }
  return id;
}

export const highlightElsewhereFlows = [
  defineFlow(
    'a page saved on another device, highlighted here by the keyboard command with the popup never opened: the highlight joins that weblink, no second one is made',
    async ({ driver, emulator, pagesUrl, profile }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const url = `${pagesUrl}/article.html`;
      // Saved elsewhere under the title "Save page" gives it; the tab's title adds " | The Slow Kitchen".
      const saved = await highlightElsewhere(emulator, profile, url, []);
      const article = await openArticle(driver, pagesUrl, '#intro');
      await driver.callBackgroundHook('onCommand', ['highlight-selection', tabInfo(article)]);
      await expect.poll(async () => (await highlightBlocks(emulator, url)).length).toBe(1);
      await waitForEmptyOutbox(driver, 10_000);
      expect((await weblinksOf(emulator, url)).map(({ id }) => id)).toEqual([saved]);
    },
    { runs: EVERYWHERE },
  ),
  defineFlow(
    'highlights made on another device come back: the popup opened on the page draws and lists them',
    async ({ driver, emulator, pagesUrl, profile }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const url = `${pagesUrl}/article.html`;
      await highlightElsewhere(emulator, profile, url, [
        { quote: RATIO, colour: 'green', note: 'From the phone' },
        { quote: PATIENCE, colour: 'blue' },
      ]);

      const article = await openArticle(driver, pagesUrl);
      const before = await lastLogSeq(emulator);
      const popup = await openPopupFor(driver, article);
      await popup.waitFor(heading('Highlights'));
      await expect
        .poll(() => listed(popup))
        .toEqual([
          { quote: RATIO, colour: 'Green', note: 'From the phone', heading: '' },
          { quote: PATIENCE, colour: 'Blue', note: '', heading: '' },
        ]);
      expect((await pageView(driver, article)).drawn).toEqual({ 'space-clipper-green': 1, 'space-clipper-blue': 1 });
      // The weblink was looked up once, by the clip form's "Already saved", whose answer the list
      // took; the suggested tags (#24) search nothing.
      const searches = (await emulator.log(before)).filter((entry) => entry.path === '/objects/search');
      expect(searches).toHaveLength(1);
    },
    { runs: EVERYWHERE },
  ),
  defineFlow(
    "a colour changed in the page's toolbar reaches the space without the popup being opened",
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      await highlightEach(driver, article, ['#intro']);
      const blocks = async () => JSON.stringify((await onlyWeblinkOf(emulator, article.url)).blocks);
      expect(await blocks()).not.toContain('orange');

      // A person clicks the drawn highlight, picks the next colour in its toolbar and presses Enter.
      const page = chromiumOnly(driver).pageOf(article);
      const point = await page.evaluate(() => {
        const [range] = [...(CSS.highlights.get('space-clipper-yellow') as Highlight)] as Range[];
        const rect = (range as Range).getClientRects()[0] as DOMRect;
        return { x: rect.left + 8, y: rect.top + rect.height / 2 };
      });
      await article.focus();
      await page.evaluate(() => getSelection()?.removeAllRanges());
      await page.mouse.click(point.x, point.y);
      const toolbarShown = () =>
        page.evaluate(() => {
          const host = document.querySelector('space-clipper-toolbar');
          return host !== null && getComputedStyle(host).display !== 'none';
        });
      await expect.poll(toolbarShown).toBe(true);
      await page.keyboard.press('ArrowRight');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(drawnHighlights)).toEqual({ 'space-clipper-orange': 1 });

      // No popup opened and no command run: the page's word alone brought the change.
      await expect.poll(blocks, { timeout: 20_000 }).toContain('orange');
      await waitForEmptyOutbox(driver, 20_000);
    },
    { runs: CHROMIUM_ONLY },
  ),
  defineFlow(
    'a page with 2,000 highlights still draws and lists them all',
    async ({ driver, emulator, pagesUrl, profile }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const url = `${pagesUrl}/many-passages.html`;
      const passages = Array.from({ length: 2_000 }, (_, index) => ({
        quote: `Passage number ${index + 1} of the long page.`,
        colour: index % 2 === 0 ? ('yellow' as const) : ('blue' as const),
      }));
      await highlightElsewhere(emulator, profile, url, passages, 'Two Thousand Passages');

      const page = await driver.openPage(url);
      const popup = await openPopupFor(driver, page, 'Two Thousand Passages');
      await expect.poll(async () => (await listed(popup)).length, { timeout: 60_000 }).toBe(2_000);
      expect((await pageView(driver, page)).drawn).toEqual({
        'space-clipper-yellow': 1_000,
        'space-clipper-blue': 1_000,
      });
    },
    { runs: inBrowsers(), timeoutMs: 180_000 },
  ),
  defineFlow(
    'a highlight over 20,000 characters is refused with a clear message, and nothing is sent',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const page = await driver.openPage(`${pagesUrl}/many-passages.html`);
      // 2,000 passages of some 40 characters each: about 80,000 characters selected.
      await page.selectContents('#passages');
      const popup = await openPopupFor(driver, page, 'Two Thousand Passages');
      const before = await lastLogSeq(emulator);
      await popup.click(button('Highlight selection'));
      await expect
        .poll(() => popup.text())
        .toMatch(/This passage has \d+ characters: a highlight can have at most 20000\./);
      expect((await pageView(driver, page)).drawn).toEqual({});
      // Only the popup's "Already saved" lookup: nothing written.
      const writes = (await emulator.log(before)).filter(
        (entry) => entry.method !== 'GET' && entry.path !== '/objects/search',
      );
      expect(writes).toEqual([]);
    },
    { runs: inBrowsers() },
  ),
];

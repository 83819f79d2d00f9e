import type { ClipTemplate } from '../../../lib/message-schemas.ts';
import { PROFILE_NAMES } from '../../emulator/profile.ts';
import { DEMO, DEMO_TOKENS, RESEARCH } from '../../emulator/seed.ts';
import { button, type Control, type Driver, labelled, type Tab, textbox } from '../driver/driver';
import { markdownOf, objectsIn, urlOf } from '../emulator-client';
import { expect } from '../expect';
import { defineFlow, EVERYWHERE, inBrowsers } from './flow';
import {
  ARTICLE_TITLE,
  connectSpace,
  connectWithToken,
  lastLogSeq,
  onlyWeblinkOf,
  openArticle,
  openPopupFor,
  tabInfo,
} from './steps';

/** Keeping the article as the weblink's body, and filling the space's own fields from the page. */

const weblink = DEMO.properties.weblink;
const radio = (name: string): Control => ({ role: 'radio', name });

/** A clip template as the options page saves it: fields from the page, and notes naming the author. */
const TEMPLATE: ClipTemplate = {
  fieldMappings: [
    { propertyId: weblink.readOn, source: 'published' },
    { propertyId: weblink.rating, source: 'wordCount' },
    { propertyId: weblink.source, source: 'canonicalUrl' },
    {
      propertyId: weblink.status,
      source: 'fixed',
      value: { type: 'label', optionId: DEMO.labels.weblinkStatus.reading },
    },
  ],
  notesTemplate: 'By {{author}}, from {{site}}',
};

async function useTemplate(driver: Driver, template: ClipTemplate): Promise<void> {
  await driver.sendToBackground('saveClipTemplate', { spaceId: DEMO.spaceId, template });
}

/** The page's own title, which the watching page replaces with what it heard (tests/fixtures/watching-page.html). */
const WATCHING_TITLE = 'A page that watches for clippers';

/** The tab's title as its document holds it now, read by a script of the test, not of the extension. */
async function documentTitleOf(driver: Driver, tab: Tab): Promise<string> {
  return driver.inExtension(async (tabId) => {
    const [injection] = await chrome.scripting.executeScript({ target: { tabId }, func: () => document.title });
    return injection?.result as string;
  }, tab.id);
}

/** The fixture article's body as Readability finds it and the converter writes it. */
function expectArticleOf(markdown: string, pagesUrl: string): void {
  expect(markdown).toContain('## The feeding ratio');
  expect(markdown).toContain('| Starter | Flour | Water |');
  expect(markdown).toContain(`[feeding guide](${pagesUrl}/guides/feeding)`);
  // The page's navigation is not the article.
  expect(markdown).not.toContain('[Articles]');
}

export const articleFlows = [
  defineFlow(
    'Keep "Article": the weblink holds the notes, the source line and the article, with the fields the template maps',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await useTemplate(driver, TEMPLATE);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);

      await expect.poll(() => popup.value(textbox('Notes'))).toBe('By Ada Baker, from The Slow Kitchen');
      await popup.click(radio('Article'));
      await expect.poll(() => popup.text()).toMatch(/\d+ words, about 1 min to read \(\d[\d,]* characters\)/);
      await popup.clickText(/^Properties/);
      await expect.poll(() => popup.value(labelled('Read on'))).toBe('2026-03-14');
      await expect.poll(() => popup.value(textbox('Rating'))).toMatch(/^\d+$/);
      const words = Number(await popup.value(textbox('Rating')));
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');

      const saved = await onlyWeblinkOf(emulator, article.url);
      expect(saved.title).toBe(ARTICLE_TITLE);
      expect(saved.properties[weblink.readOn]).toMatchObject({ date: { start: '2026-03-14T00:00:00.000Z' } });
      expect(saved.properties[weblink.rating]).toMatchObject({ number: { value: words } });
      expect(saved.properties[weblink.source]).toMatchObject({
        url: { value: `${pagesUrl}/articles/keeping-starters-alive` },
      });
      expect(saved.properties[weblink.status]).toMatchObject({ label: [{ id: DEMO.labels.weblinkStatus.reading }] });

      const body = await markdownOf(emulator, saved.id, DEMO_TOKENS.demo);
      const sourceLine = `— [${ARTICLE_TITLE}](${article.url}) · `;
      expect(body.startsWith('By Ada Baker, from The Slow Kitchen')).toBe(true);
      expect(body.indexOf(sourceLine)).toBeGreaterThan(0);
      expectArticleOf(body.slice(body.indexOf(sourceLine)), pagesUrl);

      // The next clip of the site starts from the article again.
      await popup.close();
      const sibling = await driver.openPage(`${pagesUrl}/article.html?copy=2`);
      const next = await openPopupFor(driver, sibling);
      await expect.poll(() => next.text()).toMatch(/\d+ words, about 1 min to read/);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'a 645,000-character article lands whole, in order and once, in the create request and ordered appends',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const long = await driver.openPage(`${pagesUrl}/long-article.html`);
      const popup = await openPopupFor(driver, long, 'A Very Long Bread Journal');
      await popup.click(radio('Article'));
      await expect.poll(() => popup.text()).toMatch(/\(6\d\d,\d{3} characters\)/);
      const before = await lastLogSeq(emulator);
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status(), { timeout: 30_000 }).toBe('Saved');

      const saved = await onlyWeblinkOf(emulator, long.url);
      const body = await markdownOf(emulator, saved.id, DEMO_TOKENS.demo);
      expect(body.length).toBeGreaterThan(600_000);
      const numbers = [...body.matchAll(/¶(\d{4})/g)].map((match) => Number(match[1]));
      expect(numbers).toEqual(Array.from({ length: 1000 }, (_, index) => index + 1));
      const requests = (await emulator.log(before)).map((entry) => `${entry.method} ${entry.path}`);
      expect(requests.filter((request) => request === 'POST /object/url')).toHaveLength(1);
      // Over the request limit of 200,000 characters: the rest went in as appends to the same object.
      expect(requests.filter((request) => request.startsWith('POST /blocks/')).length).toBeGreaterThanOrEqual(3);
    },
    { runs: inBrowsers(['chromium'], PROFILE_NAMES), timeoutMs: 120_000 },
  ),

  defineFlow(
    'a quick clip applies the clip template: mapped fields and the notes template, without the popup',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await useTemplate(driver, TEMPLATE);
      const article = await openArticle(driver, pagesUrl);
      await driver.callBackgroundHook('onMenuClicked', [{ menuItemId: 'save-page' }, tabInfo(article)]);

      await expect
        .poll(async () =>
          (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).some((object) => urlOf(object) === article.url),
        )
        .toBe(true);
      const saved = await onlyWeblinkOf(emulator, article.url);
      expect(saved.properties[weblink.readOn]).toMatchObject({ date: { start: '2026-03-14T00:00:00.000Z' } });
      expect(saved.properties[weblink.status]).toMatchObject({ label: [{ id: DEMO.labels.weblinkStatus.reading }] });
      // The word count comes from the article, which the article script read for the template.
      expect(saved.properties[weblink.rating]).toMatchObject({ number: { value: expect.any(Number) } });
      expect(await markdownOf(emulator, saved.id, DEMO_TOKENS.demo)).toBe('By Ada Baker, from The Slow Kitchen');
    },
    { runs: inBrowsers(['chromium'], PROFILE_NAMES) },
  ),

  defineFlow(
    'a page that listens for the extension hears nothing while the popup reads its selection and its article',
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      // The extension's id is public; the page listens for events named with it.
      const extensionId = await driver.inExtension(() => chrome.runtime.id, undefined);
      const page = await driver.openPage(`${pagesUrl}/watching-page.html?extension=${encodeURIComponent(extensionId)}`);
      await page.selectContents('#intro');

      const popup = await openPopupFor(driver, page, WATCHING_TITLE);
      await expect.poll(() => popup.value(textbox('Notes'))).toMatch(/^> A cold kitchen slows fermentation/);
      await popup.click(radio('Article'));
      await expect.poll(() => popup.text()).toMatch(/\d+ words, about 1 min to read/);

      expect(await documentTitleOf(driver, page)).toBe(WATCHING_TITLE);
    },
  ),

  defineFlow(
    'a quick clip sends what the extension keeps, not what storage.local says (which a content script can write in Firefox)',
    async ({ driver, emulator, pagesUrl }) => {
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      await connectWithToken(options, DEMO_TOKENS.research);
      await expect.poll(() => options.status()).toBe('Connected to Research space.');
      await useTemplate(driver, { fieldMappings: [], notesTemplate: 'By {{author}}, from {{site}}' });
      const article = await openArticle(driver, pagesUrl);
      // Everything a quick clip uses, rewritten as a script that can write storage.local would.
      await driver.inExtension(
        async ({ demo, research, site }) => {
          const tracker = { fieldMappings: [], notesTemplate: '![](https://tracker.example/pixel.gif)' };
          await chrome.storage.local.set({
            settings: { defaultSpaceId: research, dailyNoteTimestamp: true },
            clipTemplates: { [demo]: tracker, [research]: tracker },
            keepChoices: { [site]: 'article' },
            spacePreferences: {
              [demo]: { lastCollectionId: null, pinnedTags: [{ id: 'planted', title: 'Planted' }], recentTags: [] },
            },
          });
        },
        { demo: DEMO.spaceId, research: RESEARCH.spaceId, site: new URL(article.url).host },
      );
      await driver.callBackgroundHook('onMenuClicked', [{ menuItemId: 'save-page' }, tabInfo(article)]);

      await expect
        .poll(async () =>
          (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter((o) => urlOf(o) === article.url),
        )
        .toHaveLength(1);
      const saved = await onlyWeblinkOf(emulator, article.url);
      expect(await markdownOf(emulator, saved.id, DEMO_TOKENS.demo)).toBe('By Ada Baker, from The Slow Kitchen');
      expect(JSON.stringify(saved)).not.toContain('planted');
      const research = await objectsIn(emulator, RESEARCH.spaceId, 'MediaWebResource');
      expect(research.filter((object) => urlOf(object) === article.url)).toEqual([]);
    },
    { runs: inBrowsers() },
  ),
];

import { DEMO, DEMO_TOKENS, RESEARCH, researchTagTitle } from '../../emulator/seed.ts';
import { button, combobox, heading, labelled, link, option, textbox } from '../driver/driver';
import { entityIdsOf, markdownOf, objectsIn, urlOf } from '../emulator-client';
import { expect } from '../expect';
import { defineFlow, EVERYWHERE } from './flow';
import { ARTICLE_TITLE, connectSpace, connectWithToken, lastLogSeq, openArticle, openPopupFor, signIn } from './steps';

/** Saving a page from the popup. */

export const popupFlows = [
  defineFlow(
    'the whole form: title, tags, collection, properties, notes → Saved, and the space holds it',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);

      await popup.fill(combobox('Tags'), 'read');
      await popup.pickSuggestion('Reading');
      await popup.fill(combobox('Tags'), 'Sourdough');
      await popup.pickSuggestion('Create tag "Sourdough"');
      await popup.select(combobox('Collection'), 'Reading list');
      await popup.clickText(/^Properties/);
      await popup.select(combobox('Status'), 'Reading');
      await popup.fill(labelled('Read on'), '2026-03-15');
      await popup.fill(textbox('Notes'), 'Feed it **twice** a day.');
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');

      const weblinks = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter(
        (object) => urlOf(object) === article.url,
      );
      expect(weblinks).toHaveLength(1);
      const [weblink] = weblinks;
      expect(weblink?.title).toBe(ARTICLE_TITLE);
      expect(weblink?.collections).toEqual([DEMO.collections.readingList]);
      const sourdough = (await objectsIn(emulator, DEMO.spaceId, 'RootTag')).filter((tag) => tag.title === 'Sourdough');
      expect(sourdough).toHaveLength(1);
      expect(entityIdsOf(weblink as never, 'tags').sort()).toEqual([DEMO.tags.reading, sourdough[0]?.id].sort());
      expect(weblink?.properties[DEMO.properties.weblink.status]).toMatchObject({
        label: [{ id: DEMO.labels.weblinkStatus.reading }],
      });
      expect(weblink?.properties[DEMO.properties.weblink.readOn]).toMatchObject({
        date: { start: '2026-03-15T00:00:00.000Z' },
      });
      expect(await markdownOf(emulator, weblink?.id as string, DEMO_TOKENS.demo)).toContain('Feed it **twice** a day.');
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'Enter in the title saves, with exactly one API request',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const opened = await lastLogSeq(emulator);
      const popup = await openPopupFor(driver, article);
      await expect.poll(() => popup.text()).toMatch(/Properties \(\d+\)/);
      // What the popup asks as it opens is not the save's: its one "Already saved" lookup (a title
      // search) has been made before Enter is pressed.
      await expect
        .poll(async () => (await emulator.log(opened)).filter((entry) => entry.path === '/objects/search').length)
        .toBe(1);
      const before = await lastLogSeq(emulator);
      await popup.press(textbox('Title'), 'Enter');
      await expect.poll(() => popup.status()).toBe('Saved');
      const during = await emulator.log(before);
      expect(during.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /object/url']);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'the popup closed right after Save still saves, and a second open says "already saved"',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await popup.click(button('Save page'));
      await popup.close();

      await expect
        .poll(async () =>
          (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).some(
            (object) => object.title === ARTICLE_TITLE,
          ),
        )
        .toBe(true);

      const again = await driver.popup(article);
      await expect.poll(() => again.status()).toBe('Already saved');
      expect(await again.text()).toContain('“Keeping Bread Starters Alive”');
      // …and the popup's history lists it.
      await again.clickText(/^Recently saved$/);
      await again.waitFor(link(ARTICLE_TITLE));
    },
  ),

  defineFlow(
    'the next clip starts from the last collection and the pinned tags; Escape closes the popup',
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await popup.fill(combobox('Tags'), 'read');
      await popup.pickSuggestion('Reading');
      await popup.click(button('Pin tag Reading'));
      await popup.select(combobox('Collection'), 'Research');
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');
      await popup.close();

      const again = await openPopupFor(driver, article);
      await expect.poll(() => again.value(combobox('Collection'))).toBe(DEMO.collections.research);
      await expect.poll(() => again.attribute(button('Pin tag Reading'), 'aria-pressed')).toBe('true');
      const closed = again.closed();
      // The first Escape only leaves the title box (drafts-flows.ts); the second closes.
      await again.press(textbox('Title'), 'Escape');
      await again.pressKey('Escape');
      await closed;
    },
  ),

  defineFlow(
    'with two spaces connected, the space switcher picks where the clip goes',
    async ({ driver, emulator, pagesUrl }) => {
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      await connectWithToken(options, DEMO_TOKENS.research);
      await expect.poll(() => options.status()).toBe('Connected to Research space.');
      const article = await openArticle(driver, pagesUrl);
      const popup = await driver.popup(article);
      await popup.waitFor(heading('Clip to Demo space'));
      await popup.select(combobox('Space'), 'Research space');
      await popup.waitFor(heading('Clip to Research space'));
      await expect.poll(() => popup.value(textbox('Title'))).toBe(ARTICLE_TITLE);
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');
      const inResearch = await objectsIn(emulator, RESEARCH.spaceId, 'MediaWebResource');
      expect(inResearch.filter((object) => urlOf(object) === article.url)).toHaveLength(1);
      const inDemo = await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource');
      expect(inDemo.filter((object) => urlOf(object) === article.url)).toHaveLength(0);
    },
  ),

  defineFlow(
    'with 2,500 tags the first suggestion appears after one search request',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.research);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      const before = await lastLogSeq(emulator);
      const wanted = researchTagTitle(2042);
      await popup.type(combobox('Tags'), wanted, { delayMs: 15 });
      await popup.waitFor(option(wanted));
      const during = await emulator.log(before);
      expect(during.filter((entry) => entry.path === '/objects/search')).toHaveLength(1);
      // Suggestions come from search alone: no listing of the space's tags page by page.
      expect(during.filter((entry) => entry.path.startsWith('/objects/') && entry.path !== '/objects/search')).toEqual(
        [],
      );
    },
    // One request for the whole burst of typing: a pause of 200 ms between two keystrokes is a second
    // one. Beside the other workers' browsers on two busy cores, pauses of 0.3 to 1.9 s were seen.
    { alone: true },
  ),

  defineFlow(
    'invalid property values are refused at the field before anything is sent',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await popup.clickText(/^Properties/);
      await popup.fill(textbox('Rating'), 'five');
      const before = await lastLogSeq(emulator);
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Check the highlighted fields.');
      await expect.poll(() => popup.attribute(textbox('Rating'), 'aria-invalid')).toBe('true');
      expect(await emulator.log(before)).toEqual([]);
    },
  ),

  defineFlow("a server refusal shows the server's message", async ({ driver, emulator, pagesUrl }) => {
    await connectSpace(driver, DEMO_TOKENS.demo);
    await emulator.addFault({
      path: '/object/url',
      status: 400,
      body: JSON.stringify({ error: { code: 'cap_invalid_input', message: 'The URL is on a blocklist' } }),
      contentType: 'application/json',
      times: 1,
    });
    const article = await openArticle(driver, pagesUrl);
    const popup = await openPopupFor(driver, article);
    await popup.click(button('Save page'));
    await expect
      .poll(() => popup.status())
      .toBe(
        'Workspace Notes did not accept this: “The URL is on a blocklist”. Nothing was changed there; correct it and try again.',
      );
  }),

  defineFlow('not connected: the popup offers the settings', async ({ driver }) => {
    const popup = await driver.popup();
    await expect.poll(() => popup.text()).toContain('Connect a space to start clipping.');
    // The options tab opened on install would be focused instead of a new one being opened.
    await driver.closeOptionsPages();
    const opened = driver.nextPage((url) => url.endsWith('/options.html'));
    await popup.click(button('Open settings'));
    await opened;
  }),

  defineFlow(
    "first run: the popup's Sign in reaches a connected space, and the form to save the page",
    async ({ driver, pagesUrl }) => {
      const article = await openArticle(driver, pagesUrl);
      const popup = await driver.popup(article);
      await expect.poll(() => popup.text()).toContain('Connect a space to start clipping.');
      await signIn(driver, popup, 'Approve', 'Demo space');
      await popup.waitFor(heading('Clip to Demo space'));
      await expect.poll(() => popup.value(textbox('Title'))).toBe(ARTICLE_TITLE);
      await popup.waitFor(button('Save page'));
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'why "Add to daily note" is disabled is read by the accessibility tree, and goes once notes are written',
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await expect
        .poll(() => popup.description(button('Add to daily note')))
        .toBe('Select text on the page or write notes first.');
      // Visible text, not a tooltip (Chromium gives a title as the description too, but no keyboard reaches it).
      expect(await popup.text()).toContain('Select text on the page or write notes first.');
      await popup.fill(textbox('Notes'), 'A thought.');
      await expect.poll(() => popup.description(button('Add to daily note'))).toBe('');
    },
  ),

  defineFlow(
    'a PDF cannot be read but can still be saved by address and title',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const pdf = await driver.openPage(`${pagesUrl}/paper.pdf`);
      const popup = await driver.popup(pdf);
      await expect.poll(() => popup.text()).toMatch(/This PDF is shown by the browser's viewer/);
      await expect.poll(() => popup.value(textbox('Title'))).not.toBe('');
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');
      const saved = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter(
        (object) => urlOf(object) === `${pagesUrl}/paper.pdf`,
      );
      expect(saved).toHaveLength(1);
    },
  ),

  defineFlow(
    "the popup's page icon comes from the browser, never from the address the page names",
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      // Whatever the popup shows, no image of it points at the page's own site (the fixture names /favicon.svg).
      const images = await popup.evaluate(() => [...document.images].map((image) => image.src), undefined);
      expect(images.filter((src) => !src.startsWith('data:') && !/^(chrome|moz)-extension:/.test(src))).toEqual([]);
      if (driver.browser === 'chromium') {
        expect(images).toEqual([expect.stringMatching(/^chrome-extension:\/\/[^/]+\/_favicon\/\?pageUrl=/)]);
      }
    },
  ),
];

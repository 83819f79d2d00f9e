import { PROFILE_NAMES } from '../../emulator/profile.ts';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, combobox, type Driver, type Tab, textbox, type UiPage } from '../driver/driver';
import { apiSend, type EmulatorAccess, entityIdsOf, markdownOf } from '../emulator-client';
import { expect } from '../expect';
import { defineFlow, EVERYWHERE, inBrowsers } from './flow';
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

/** After the save (#15): the edit view, Undo and Restore, "already saved", and quick clips of a saved page. */

const CHROMIUM_BOTH_PROFILES = inBrowsers(['chromium'], PROFILE_NAMES);
/** A quick clip's notification for a page already in the space: its title, and that nothing was added. */
const alreadyInSpace = (title: string) =>
  `Already in your space: “${title}” is there already, so nothing was added. Open Space Clipper on this page to change it.`;

/** Saves the open article from the popup with the tag "Reading", and waits for the edit view of it. */
async function saveWithReadingTag(popup: UiPage): Promise<void> {
  await popup.fill(combobox('Tags'), 'read');
  await popup.pickSuggestion('Reading');
  await popup.click(button('Save page'));
  await expect.poll(() => popup.status()).toBe('Saved');
  await popup.waitFor(button('Update'));
}

/** Connects the demo space, opens the article and saves it from the popup with "Reading"; the popup stays on its edit view. */
async function articleSavedFromPopup(driver: Driver, pagesUrl: string): Promise<{ article: Tab; popup: UiPage }> {
  await connectSpace(driver, DEMO_TOKENS.demo);
  const article = await openArticle(driver, pagesUrl);
  const popup = await openPopupFor(driver, article);
  await saveWithReadingTag(popup);
  return { article, popup };
}

/** The popup shows the edit view of the saved article: not a new clip, and the tags it has now. */
async function expectEditViewOfArticle(popup: UiPage, tagTitles: string[]): Promise<void> {
  await expect.poll(() => popup.status()).toBe('Already saved');
  await popup.waitFor(button('Update'));
  expect(await popup.count(button('Save page'))).toBe(0);
  expect(await popup.text()).toContain(`Saved as “${ARTICLE_TITLE}”: edit it here.`);
  for (const title of tagTitles) await popup.waitFor(button(`Remove tag ${title}`));
  await expect.poll(() => popup.count(button(/^Remove tag /))).toBe(tagTitles.length);
}

/** Calls the API as another client of the space would (the desktop app, another browser), with the demo token. */
const callApi = (emulator: EmulatorAccess, method: 'POST' | 'PATCH', path: string, body: unknown) =>
  apiSend(emulator, method, path, body, DEMO_TOKENS.demo);

/** Replaces an object's tags as another client would: the id in the query (spec) and in the body (published). */
async function setTagsThroughApi(emulator: EmulatorAccess, objectId: string, tagIds: string[]): Promise<void> {
  await callApi(emulator, 'PATCH', `/object?id=${objectId}`, {
    id: objectId,
    properties: { tags: { type: 'entity', entity: tagIds.map((id) => ({ id })) } },
  });
}

/**
 * Saves a weblink of `url` as another client would: POST /object/url with the title (the one
 * property both profiles take there), then its tags.
 */
async function saveThroughApi(emulator: EmulatorAccess, url: string, title: string, tagIds: string[]) {
  const { id } = await callApi(emulator, 'POST', '/object/url', {
    url,
    markdown: 'Saved elsewhere.',
    properties: { title: { type: 'title', title: { value: title } } },
  });
  await setTagsThroughApi(emulator, id, tagIds);
  return id;
}

export const editFlows = [
  defineFlow(
    'after the save the popup edits the weblink: a changed tag and property and later notes land with "Update", one weblink',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await popup.clickText(/^Properties/);
      await popup.select(combobox('Status'), 'Reading');
      await popup.fill(textbox('Notes'), 'First note.');
      await saveWithReadingTag(popup);
      expect(await popup.text()).toContain(`Saved as “${ARTICLE_TITLE}”: edit it here.`);

      await popup.click(button('Remove tag Reading'));
      await popup.fill(combobox('Tags'), 'idea');
      await popup.pickSuggestion('Ideas');
      await popup.select(combobox('Status'), 'Done');
      await popup.fill(textbox('Notes'), 'Added later.');
      const before = await lastLogSeq(emulator);
      await popup.click(button('Update'));

      await expect
        .poll(async () => entityIdsOf(await onlyWeblinkOf(emulator, article.url), 'tags'))
        .toEqual([DEMO.tags.ideas]);
      const weblink = await onlyWeblinkOf(emulator, article.url);
      expect(weblink.trashed).toBe(false);
      expect(weblink.properties[DEMO.properties.weblink.status]).toMatchObject({
        label: [{ id: DEMO.labels.weblinkStatus.done }],
      });
      await expect.poll(() => popup.status()).toBe('Saved');
      const markdown = await markdownOf(emulator, weblink.id, DEMO_TOKENS.demo);
      expect(markdown).toContain('First note.');
      expect(markdown.indexOf('Added later.')).toBeGreaterThan(markdown.indexOf('First note.'));
      // The change is one PATCH of the weblink; nothing was saved anew.
      const requests = (await emulator.log(before)).map((entry) => `${entry.method} ${entry.path}`);
      expect(requests.filter((request) => request === 'PATCH /object')).toHaveLength(1);
      expect(requests).not.toContain('POST /object/url');
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    '"Undo" moves the saved weblink to the trash, not deleted for good; a server that cannot restore gets no "Restore"',
    async ({ driver, emulator, pagesUrl, profile }) => {
      const { article, popup } = await articleSavedFromPopup(driver, pagesUrl);
      const { id } = await onlyWeblinkOf(emulator, article.url);

      const before = await lastLogSeq(emulator);
      await popup.click(button('Undo'));
      await expect.poll(() => popup.status()).toBe('Moved to trash');
      // The emulator still holds it, in the trash.
      expect(await onlyWeblinkOf(emulator, article.url)).toMatchObject({ id, trashed: true });
      const deletes = (await emulator.log(before)).filter((entry) => entry.method === 'DELETE');
      expect(deletes.map((entry) => [entry.path, entry.query.id, entry.query.hardDelete ?? 'false'])).toEqual([
        ['/object', id, 'false'],
      ]);
      // The form is the trashed weblink's now: nothing more to undo.
      await expect.poll(() => popup.count(button('Undo'))).toBe(0);
      if (profile === 'spec') {
        // The spec shows no way out of the trash.
        expect(await popup.count(button('Restore'))).toBe(0);
      }
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    '"Restore" brings a weblink moved to the trash back, where the server can restore',
    async ({ driver, emulator, pagesUrl }) => {
      const { article, popup } = await articleSavedFromPopup(driver, pagesUrl);
      const { id } = await onlyWeblinkOf(emulator, article.url);
      await popup.click(button('Undo'));
      await expect.poll(() => popup.status()).toBe('Moved to trash');

      await popup.click(button('Restore'));
      await expect.poll(() => popup.status()).toBe('Restored');
      expect(await onlyWeblinkOf(emulator, article.url)).toMatchObject({ id, trashed: false });
      await popup.waitFor(button('Undo'));
    },
    { runs: inBrowsers(['chromium'], ['published']) },
  ),

  defineFlow(
    'the popup reopened on a saved page, also with #section or ?utm_source=x, is its edit view with its tags',
    async ({ driver, emulator, pagesUrl }) => {
      const { article, popup } = await articleSavedFromPopup(driver, pagesUrl);
      await popup.close();

      await expectEditViewOfArticle(await driver.popup(article), ['Reading']);
      for (const address of [`${pagesUrl}/article.html#section`, `${pagesUrl}/article.html?utm_source=x`]) {
        const samePage = await driver.openPage(address);
        await expectEditViewOfArticle(await driver.popup(samePage), ['Reading']);
      }
      expect(await weblinksOf(emulator, article.url)).toHaveLength(1);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'the popup reopened on a saved page shows the tags it has now, changed by another client since the save',
    async ({ driver, emulator, pagesUrl }) => {
      const { article, popup } = await articleSavedFromPopup(driver, pagesUrl);
      await popup.close();
      const { id } = await onlyWeblinkOf(emulator, article.url);
      await setTagsThroughApi(emulator, id, [DEMO.tags.design]);

      await expectEditViewOfArticle(await driver.popup(article), ['Design']);
    },
    { runs: CHROMIUM_BOTH_PROFILES },
  ),

  defineFlow(
    'a page saved only by another client opens the edit view once the server lookup answers, with its tags',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      await saveThroughApi(emulator, article.url, ARTICLE_TITLE, [DEMO.tags.reading, DEMO.tags.design]);
      // A slow lookup: the form of a new clip is ready first, and the edit view follows.
      await emulator.addFault({ path: '/objects/search', delayMs: 2_000, times: 1 });

      const popup = await openPopupFor(driver, article);
      await popup.waitFor(button('Save page'));
      await expectEditViewOfArticle(popup, ['Reading', 'Design']);
      // Someone else's weblink, maybe for years: it can be updated, never taken back to the trash from here.
      expect(await popup.count(button('Undo'))).toBe(0);
      expect(await weblinksOf(emulator, article.url)).toHaveLength(1);
    },
    { runs: CHROMIUM_BOTH_PROFILES },
  ),

  defineFlow(
    'a quick clip of a page saved from the popup says "Already in your space" and makes no second weblink',
    async ({ driver, emulator, pagesUrl }) => {
      const { article, popup } = await articleSavedFromPopup(driver, pagesUrl);
      await popup.close();

      const notifications = await driver.recordNotifications();
      const before = await lastLogSeq(emulator);
      await driver.callBackgroundHook('onMenuClicked', [{ menuItemId: 'save-page' }, tabInfo(article)]);
      const tracked = await driver.openPage(`${pagesUrl}/article.html?utm_source=x`);
      await driver.callBackgroundHook('onCommand', ['save-page', tabInfo(tracked)]);

      expect(await notifications()).toEqual([alreadyInSpace(ARTICLE_TITLE), alreadyInSpace(ARTICLE_TITLE)]);
      expect(await weblinksOf(emulator, article.url)).toHaveLength(1);
      expect(await weblinksOf(emulator, tracked.url)).toHaveLength(0);
      expect((await emulator.log(before)).filter((entry) => entry.path === '/object/url')).toEqual([]);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'a quick clip of a page only another client saved finds it on the server, says so, and adds nothing',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const id = await saveThroughApi(emulator, article.url, ARTICLE_TITLE, [DEMO.tags.reading]);

      const notifications = await driver.recordNotifications();
      await driver.callBackgroundHook('onMenuClicked', [{ menuItemId: 'save-page' }, tabInfo(article)]);
      expect(await notifications()).toEqual([alreadyInSpace(ARTICLE_TITLE)]);
      expect((await weblinksOf(emulator, article.url)).map((weblink) => weblink.id)).toEqual([id]);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'a hash-routed app: each route (#/doc/1, #/doc/2) is its own page, saved once each',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const first = await driver.openPage(`${pagesUrl}/hash-app.html#/doc/1`);
      const popup = await openPopupFor(driver, first, 'Hash-routed notes');
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');
      await popup.close();

      const notifications = await driver.recordNotifications();
      const second = await driver.openPage(`${pagesUrl}/hash-app.html#/doc/2`);
      await driver.callBackgroundHook('onCommand', ['save-page', tabInfo(second)]);
      expect((await notifications()).filter((shown) => shown.startsWith('Already in your space'))).toEqual([]);
      await expect.poll(async () => (await weblinksOf(emulator, second.url)).length).toBe(1);
      expect(await weblinksOf(emulator, first.url)).toHaveLength(1);

      // The other route's popup is its own page's edit view, not the first document's.
      const reopened = await openPopupFor(driver, second, 'Hash-routed notes');
      await expect.poll(() => reopened.status()).toBe('Already saved');
    },
    { runs: EVERYWHERE },
  ),
];

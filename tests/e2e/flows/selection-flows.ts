import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { markupIn } from '../../support/clip/markdown-links.ts';
import { button, combobox, textbox } from '../driver/driver';
import { type EmulatorAccess, type EmulatorObject, markdownOf, objectsIn } from '../emulator-client';
import { expect } from '../expect';
import { defineFlow, EVERYWHERE } from './flow';
import { connectSpace, openArticle, tabInfo, today } from './steps';

/** Sending a selection (or a page) without typing: popup buttons, context-menu entries, shortcuts. */

/** Today's daily note of the demo space as the emulator holds it, once it has applied the appends. */
async function todaysDailyNoteObject(emulator: EmulatorAccess): Promise<EmulatorObject | undefined> {
  await emulator.waitForDailyNotes();
  return (await objectsIn(emulator, DEMO.spaceId, 'RootDailyNote')).find((object) => object.title === today());
}

/** Today's daily note of the demo space, as Markdown, once the emulator has applied the appends. */
async function todaysDailyNote(emulator: EmulatorAccess): Promise<string> {
  const note = await todaysDailyNoteObject(emulator);
  return note ? markdownOf(emulator, note.id, DEMO_TOKENS.demo) : '';
}

/**
 * The links a stored block tree holds (as "link URL", with their text) and what a Markdown reader
 * finds in the blocks kept verbatim. The emulator's Markdown export is not read: it escapes link
 * text with Turndown's characters only, which marked reads back as brackets.
 */
function storedMarkup(blocks: unknown): string[] {
  const found: string[] = [];
  const walk = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    const record = value as Record<string, unknown>;
    if (record.type === 'LinkToken') found.push(`link ${record.url} ${record.text}`);
    if (record.type === 'unsupported') found.push(...markupIn(String(record.markdown), 'plain'));
    Object.values(record).forEach(walk);
  };
  walk(blocks);
  return found;
}

export const selectionFlows = [
  defineFlow(
    'popup → "Add to daily note": today\'s daily note holds the quote and its source link',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl, '#intro');
      const popup = await driver.popup(article);
      await expect.poll(() => popup.value(textbox('Notes'))).toMatch(/^> A starter is a \*living culture\*/);
      await popup.click(button('Add to daily note'));
      await expect.poll(() => popup.status()).toBe('Saved');

      const markdown = await todaysDailyNote(emulator);
      // The emulator writes emphasis back with underscores (tests/emulator/README.md, Markdown round trip).
      expect(markdown).toContain('> A starter is a _living culture_ of wild yeast');
      expect(markdown).toContain(`[feeding guide](${pagesUrl}/guides/feeding)`);
      expect(markdown).toContain(`— [Keeping Bread Starters Alive](${pagesUrl}/article.html)`);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'a page whose title and link texts spell Markdown images and links adds none of them to the daily note',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const url = `${pagesUrl}/hostile-link-text.html`;
      const title = 'Links that spell ![](https://tracker.example/p.gif) and [x](https://tracker.example/)';
      const page = await driver.openPage(url);
      await page.selectContents('#links');
      const popup = await driver.popup(page);
      await expect.poll(() => popup.value(textbox('Notes'))).toMatch(/^> A \[link whose text/);
      // The page's three links and the source line are all a reader finds: no image, no tracker.
      const links = ['https://example.com/whole', 'https://example.com/split', 'https://example.com/after', url];
      expect(markupIn(await popup.value(textbox('Notes')), 'plain')).toEqual(links.map((link) => `link ${link}`));
      await popup.click(button('Add to daily note'));
      await expect.poll(() => popup.status()).toBe('Saved');

      // The workspace reads the Markdown with marked, which reads `\[` and `\]` in link text as
      // brackets: what it stored links where the page did, with the page's text as written.
      const note = await todaysDailyNoteObject(emulator);
      expect(storedMarkup(note?.blocks)).toEqual([
        'link https://example.com/whole link whose text is ![](https://tracker.example/p.gif) and [x](https://tracker.example/)',
        'link https://example.com/split ![](https://tracker.example/p.gif)',
        'link https://example.com/after a link right after an exclamation mark',
        `link ${url} ${title}`,
      ]);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'the selection is appended to an existing page found by title search',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl, 'blockquote');
      const popup = await driver.popup(article);
      await expect.poll(() => popup.value(textbox('Notes'))).toMatch(/Patience/);
      await popup.select(combobox('Type'), 'Pages');
      await popup.fill(combobox('Add to a note'), 'Welcome');
      await popup.pickSuggestion(/Welcome/);
      await popup.click(button(/^Add to Welcome/));
      await expect.poll(() => popup.status()).toBe('Saved');
      const markdown = await markdownOf(emulator, DEMO.pages.welcome, DEMO_TOKENS.demo);
      expect(markdown).toContain('> Patience is the most important ingredient.');
    },
    { runs: EVERYWHERE },
  ),

  defineFlow('the context-menu entry adds the selection to the daily note', async ({ driver, emulator, pagesUrl }) => {
    await connectSpace(driver, DEMO_TOKENS.demo);
    const article = await openArticle(driver, pagesUrl, 'pre');
    await driver.callBackgroundHook('onMenuClicked', [
      { menuItemId: 'add-selection-to-daily-note', selectionText: 'ignored when the page can be read' },
      tabInfo(article),
    ]);
    const markdown = await todaysDailyNote(emulator);
    expect(markdown).toContain('> ```python');
    expect(markdown).toContain('>     print(read_sensor())  # °C');
    expect(markdown).not.toContain('ignored when the page can be read');
  }),

  defineFlow('the keyboard command adds the selection to the daily note', async ({ driver, emulator, pagesUrl }) => {
    await connectSpace(driver, DEMO_TOKENS.demo);
    const article = await openArticle(driver, pagesUrl, 'blockquote');
    await driver.callBackgroundHook('onCommand', ['add-selection-to-daily-note', tabInfo(article)]);
    expect(await todaysDailyNote(emulator)).toContain('Patience is the most important ingredient.');
  }),

  defineFlow(
    '"Save page" and "Save link" from the context menu save weblinks with the defaults',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl, '#intro');
      await driver.callBackgroundHook('onMenuClicked', [{ menuItemId: 'save-page' }, tabInfo(article)]);
      await driver.callBackgroundHook('onMenuClicked', [
        { menuItemId: 'save-link', linkUrl: `${pagesUrl}/guides/feeding`, linkText: 'feeding guide' },
        tabInfo(article),
      ]);
      const titles = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map((object) => object.title);
      expect(titles).toContain('Keeping Bread Starters Alive');
      expect(titles).toContain('feeding guide');
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'a browser page falls back to the plain text the browser hands over, and says so',
    async ({ driver, emulator }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const browserPage = await driver.openBrowserPage();
      const notifications = await driver.recordNotifications();
      const selectionText = 'Built for the web # 1';
      await driver.callBackgroundHook('onMenuClicked', [
        { menuItemId: 'add-selection-to-daily-note', selectionText },
        tabInfo(browserPage),
      ]);
      const markdown = await todaysDailyNote(emulator);
      expect(markdown).toContain(`> ${selectionText}`);
      expect(markdown).toContain(`— [${browserPage.title}](${browserPage.url})`);
      const shown = await notifications();
      expect(shown.join('\n')).toContain('cannot be read by extensions, so the selected text was added as plain text');
    },
  ),
];

import type { BrowserContext, Page } from '@playwright/test';
import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import { markdownOf, objectsIn } from './emulator-client';
import { expect, extensionWorker, recordNotifications, test } from './fixtures';
import { tabIdOf } from './pages/popup';
import { openArticle } from './steps';

/** Today in this machine's time zone, as the extension computes the daily note's date. */
const today = () => new Date().toLocaleDateString('sv');

/** Today's daily note of the demo space, as Markdown, once the emulator has applied the appends. */
async function todaysDailyNote(emulator: import('../emulator/server.ts').RunningEmulator): Promise<string> {
  await emulator.dailyNotesIdle();
  const note = (await objectsIn(emulator, DEMO.spaceId, 'RootDailyNote')).find((object) => object.title === today());
  if (!note) return '';
  return markdownOf(emulator, note.id, DEMO_TOKENS.demo);
}

/** Calls the background's own context-menu / command handler (a test cannot click browser UI). */
async function callHook(context: BrowserContext, hook: 'onMenuClicked' | 'onCommand', args: unknown[]): Promise<void> {
  const worker = await extensionWorker(context);
  await worker.evaluate(
    async ({ hook, args }) => {
      const hooks = (
        globalThis as unknown as { spaceClipperTestHooks: Record<string, (...a: unknown[]) => Promise<void>> }
      ).spaceClipperTestHooks;
      await hooks[hook]?.(...args);
    },
    { hook, args },
  );
}

async function tabOf(page: Page) {
  return { id: await tabIdOf(page), url: page.url(), title: await page.title() };
}

test.describe('capturing a selection', () => {
  test('popup → "Add to daily note": today\'s daily note holds the quote and its source link', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url, '#intro');
    await popup.open(article);
    await expect(popup.notes).toHaveValue(/^> A starter is a \*living culture\*/);
    await popup.page.getByRole('button', { name: 'Add to daily note' }).click();
    await expect(popup.status).toHaveText('Saved');

    const markdown = await todaysDailyNote(emulator);
    // The emulator writes emphasis back with underscores (tests/emulator/README.md, Markdown round trip).
    expect(markdown).toContain('> A starter is a _living culture_ of wild yeast');
    expect(markdown).toContain(`[feeding guide](${pages.url}/guides/feeding)`);
    expect(markdown).toContain(`— [Keeping Bread Starters Alive](${pages.url}/article.html)`);
  });

  test('the context-menu entry adds the selection to the daily note', async ({ context, options, pages, emulator }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url, 'pre');
    await callHook(context, 'onMenuClicked', [
      { menuItemId: 'add-selection-to-daily-note', selectionText: 'ignored when the page can be read' },
      await tabOf(article),
    ]);
    const markdown = await todaysDailyNote(emulator);
    expect(markdown).toContain('> ```python');
    expect(markdown).toContain('>     print(read_sensor())  # °C');
    expect(markdown).not.toContain('ignored when the page can be read');
  });

  test('the keyboard command adds the selection to the daily note', async ({ context, options, pages, emulator }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url, 'blockquote');
    await callHook(context, 'onCommand', ['add-selection-to-daily-note', await tabOf(article)]);
    expect(await todaysDailyNote(emulator)).toContain('Patience is the most important ingredient.');
  });

  test('"Save page" and "Save link" from the context menu save weblinks with the defaults', async ({
    context,
    options,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url, '#intro');
    await callHook(context, 'onMenuClicked', [{ menuItemId: 'save-page' }, await tabOf(article)]);
    await callHook(context, 'onMenuClicked', [
      { menuItemId: 'save-link', linkUrl: `${pages.url}/guides/feeding`, linkText: 'feeding guide' },
      await tabOf(article),
    ]);
    const titles = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map((object) => object.title);
    expect(titles).toContain('Keeping Bread Starters Alive');
    expect(titles).toContain('feeding guide');
  });

  test('the selection is appended to an existing page found by title search', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url, 'blockquote');
    await popup.open(article);
    await expect(popup.notes).toHaveValue(/Patience/);
    await popup.page.getByRole('combobox', { name: 'Type' }).selectOption({ label: 'Pages' });
    const target = popup.page.getByRole('combobox', { name: 'Add to an object' });
    await target.fill('Welcome');
    await popup.page.locator('[role="listbox"]').getByRole('option').first().click();
    await popup.page.getByRole('button', { name: /^Add to Welcome/ }).click();
    await expect(popup.status).toHaveText('Saved');
    const markdown = await markdownOf(emulator, DEMO.pages.welcome, DEMO_TOKENS.demo);
    expect(markdown).toContain('> Patience is the most important ingredient.');
  });

  test('a browser page falls back to the plain text the browser hands over, and says so', async ({
    context,
    options,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const versionPage = await context.newPage();
    await versionPage.goto('chrome://version');
    const notifications = await recordNotifications(context);
    const worker = await extensionWorker(context);
    const tabId = await worker.evaluate(async () => {
      const tabs = await chrome.tabs.query({});
      return Math.max(...tabs.map((tab) => tab.id ?? 0));
    });
    await callHook(context, 'onMenuClicked', [
      { menuItemId: 'add-selection-to-daily-note', selectionText: 'Chromium 156 (Official Build) # 1' },
      { id: tabId, url: 'chrome://version/', title: 'About Version' },
    ]);
    const markdown = await todaysDailyNote(emulator);
    expect(markdown).toContain('> Chromium 156 (Official Build) # 1');
    expect(markdown).toContain('— [About Version](chrome://version/)');
    const shown = await notifications();
    expect(shown.join('\n')).toContain('cannot be read by extensions, so the selected text was added as plain text');
  });
});

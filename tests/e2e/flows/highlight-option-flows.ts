import { expect } from '@playwright/test';
import { DEMO_TOKENS } from '../../emulator/seed.ts';
import type { Driver, Tab, UiPage } from '../driver/driver';
import { defineFlow, EVERYWHERE } from './flow';
import { highlightEach } from './highlight-list-flows';
import { connectSpace, openArticle } from './steps';

const REVISIT = 'Show my highlights when I revisit a page';

interface PermissionRecord {
  asked: string[][];
  removed: string[][];
}

/**
 * A host-permission prompt cannot be answered in a headless browser, so the options page's
 * `permissions.request` is replaced by one that records what was asked and says it was granted
 * (and `contains` then says so too); `remove` is the browser's own, watched. Registering the
 * script, and the browser running it, are real: the extension's own host permission for the test
 * pages' address (the emulator's, 127.0.0.1) lets the registered script run there.
 */
function answerPermissionPrompts(options: UiPage): Promise<void> {
  return options.evaluate(() => {
    const record: PermissionRecord = { asked: [], removed: [] };
    const granted = new Set<string>();
    Object.assign(globalThis, { permissionRecord: record });
    const apis = [(globalThis as { browser?: typeof chrome }).browser, globalThis.chrome];
    for (const permissions of new Set(apis.map((api) => api?.permissions).filter(Boolean))) {
      const api = permissions as typeof chrome.permissions;
      const contains = api.contains.bind(api);
      const remove = api.remove.bind(api);
      const replace = (name: string, value: unknown) =>
        Object.defineProperty(api, name, { value, configurable: true, writable: true });
      replace('request', async ({ origins = [] }: chrome.permissions.Permissions) => {
        record.asked.push([...origins]);
        for (const origin of origins) granted.add(origin);
        return true;
      });
      replace(
        'contains',
        async (asked: chrome.permissions.Permissions) =>
          (asked.origins ?? []).every((origin) => granted.has(origin)) || contains(asked),
      );
      replace('remove', async (given: chrome.permissions.Permissions) => {
        record.removed.push([...(given.origins ?? [])]);
        for (const origin of given.origins ?? []) granted.delete(origin);
        return remove(given);
      });
    }
  }, undefined);
}

const permissionRecord = (options: UiPage) =>
  options.evaluate(() => (globalThis as unknown as { permissionRecord: PermissionRecord }).permissionRecord, undefined);

/** Whether the checkbox named `name` is checked, as the page shows it. */
const isChecked = (page: UiPage, name: string) =>
  page.evaluate(
    (label) =>
      [...document.querySelectorAll<HTMLInputElement>('input[type=checkbox]')].find(
        (box) => box.labels?.[0]?.textContent?.trim() === label,
      )?.checked,
    name,
  );

/** How many ranges each highlight name holds in the tab's page, as the page itself sees them. */
const drawnHighlights = (driver: Driver, tab: Tab) =>
  driver.inExtension(async (tabId) => {
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId },
      world: 'MAIN',
      func: () => {
        const drawn: Record<string, number> = {};
        CSS.highlights.forEach((highlight, name) => {
          drawn[name] = highlight.size;
        });
        return drawn;
      },
    });
    return injection?.result;
  }, tab.id);

/** The content scripts the extension has registered, as the browser lists them. */
const registeredScripts = (driver: Driver) =>
  driver.inExtension(
    async () =>
      (await chrome.scripting.getRegisteredContentScripts()).map(({ id, js, matches, persistAcrossSessions }) => ({
        id,
        js,
        matches: [...(matches ?? [])].sort(),
        persistAcrossSessions,
      })),
    undefined,
  );

export const highlightOptionFlows = [
  defineFlow(
    '"Show my highlights when I revisit a page" asks for the sites when turned on and registers its script, which has a saved page\'s highlights drawn as it loads, without a click; turned off, it unregisters it and gives the sites back',
    async ({ driver, pagesUrl }) => {
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      await options.waitFor({ role: 'checkbox', name: REVISIT });
      expect(await isChecked(options, REVISIT)).toBe(false);
      expect(await registeredScripts(driver)).toEqual([]);

      await answerPermissionPrompts(options);
      await options.click({ role: 'checkbox', name: REVISIT });
      await expect
        .poll(() => registeredScripts(driver))
        .toEqual([
          {
            id: 'space-clipper-highlights-on-revisit',
            js: [expect.stringMatching(/\/?revisit-highlights\.js$/)],
            matches: ['http://*/*', 'https://*/*'],
            persistAcrossSessions: true,
          },
        ]);
      expect((await permissionRecord(options)).asked).toEqual([['https://*/*', 'http://*/*']]);
      await expect.poll(() => isChecked(options, REVISIT)).toBe(true);

      // A highlight on the article; then the article again, in a new tab: drawn as it loads.
      await highlightEach(driver, await openArticle(driver, pagesUrl), ['blockquote']);
      const revisited = await openArticle(driver, pagesUrl);
      await expect.poll(() => drawnHighlights(driver, revisited)).toEqual({ 'space-clipper-yellow': 1 });

      await options.click({ role: 'checkbox', name: REVISIT });
      await expect.poll(() => registeredScripts(driver)).toEqual([]);
      // The sites are given back after the script is unregistered: a step later.
      await expect.poll(async () => (await permissionRecord(options)).removed).toEqual([['https://*/*', 'http://*/*']]);
      await expect.poll(() => isChecked(options, REVISIT)).toBe(false);
    },
    { runs: EVERYWHERE },
  ),
];

import { expect } from '@playwright/test';
import { DEMO_TOKENS } from '../../emulator/seed.ts';
import type { Driver, UiPage } from '../driver/driver';
import { defineFlow, EVERYWHERE } from './flow';
import { connectSpace } from './steps';

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
    '"Show my highlights when I revisit a page" asks for the sites when turned on and registers its script; turned off, it unregisters it and gives the sites back',
    async ({ driver }) => {
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

      await options.click({ role: 'checkbox', name: REVISIT });
      await expect.poll(() => registeredScripts(driver)).toEqual([]);
      expect((await permissionRecord(options)).removed).toEqual([['https://*/*', 'http://*/*']]);
      await expect.poll(() => isChecked(options, REVISIT)).toBe(false);
    },
    { runs: EVERYWHERE },
  ),
];

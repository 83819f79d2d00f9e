import { expect } from '@playwright/test';
import type { FaultRuleInput } from '../../emulator/control-api.ts';
import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { button } from '../driver/driver';
import type { EmulatorAccess } from '../emulator-client';
import { waitForEmptyOutbox } from './extension-state';
import { defineFlow, inBrowsers } from './flow';
import { connectSpace, lastLogSeq, openArticle, openPopupFor, weblinksOf } from './steps';

/**
 * A server whose rate-limit answers cannot be taken at their word, against the published profile
 * (whose 429s carry a `RateLimit` header and no `Retry-After`): the clip is neither stalled for
 * ever nor sent in a loop.
 */

/** A 429 on every weblink create, with `headers`. */
const refusal = (headers: Record<string, string>, probability?: number): FaultRuleInput => ({
  method: 'POST',
  path: '/object/url',
  status: 429,
  headers,
  ...(probability === undefined ? {} : { probability }),
});

/** The weblink creates the emulator logged after `since`. */
async function createsSince(emulator: EmulatorAccess, since: number): Promise<number> {
  return (await emulator.log(since)).filter((entry) => entry.method === 'POST' && entry.path === '/object/url').length;
}

/** How long the issue watches a server that answers "come back now" (N1, issue #20). */
const WATCHED_MS = 45_000;

export const hostileServerFlows = [
  defineFlow(
    'a 429 whose reset is an epoch time in ms: retried on a back-off, the clip lands within a minute once the server is well',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      const before = await lastLogSeq(emulator);
      // 1772445600000 read as seconds was a wait of about 56,000 years.
      const fault = await emulator.addFault(refusal({ RateLimit: 'limit=10, remaining=0, reset=1772445600000' }));
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toMatch(/^Queued: /);

      // Asked again on the client's own back-off, not held back for ever.
      await expect.poll(() => createsSince(emulator, before), { timeout: 30_000 }).toBeGreaterThanOrEqual(2);
      await emulator.removeFault(fault);
      await expect.poll(async () => (await weblinksOf(emulator, article.url)).length, { timeout: 60_000 }).toBe(1);
      await waitForEmptyOutbox(driver, 10_000);
      expect(await weblinksOf(emulator, article.url)).toHaveLength(1);
    },
    { runs: inBrowsers(undefined, ['published']), timeoutMs: 120_000 },
  ),

  defineFlow(
    '45 s of 429s saying reset=0 or Retry-After: 0 draw at most 15 creates, and the clip lands once after',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      const before = await lastLogSeq(emulator);
      // Each create draws one of the two, half and half.
      await emulator.addFault(refusal({ RateLimit: 'limit=10, remaining=0, reset=0' }, 0.5));
      await emulator.addFault(refusal({ 'Retry-After': '0' }, 0.5));
      const watchedUntil = Date.now() + WATCHED_MS;
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toMatch(/^Queued: /);

      // The rule is about a span of time: this flow watches exactly that span.
      await new Promise((resolve) => setTimeout(resolve, watchedUntil - Date.now()));
      expect(await createsSince(emulator, before)).toBeLessThanOrEqual(15);
      await emulator.clearFaults();
      await expect.poll(async () => (await weblinksOf(emulator, article.url)).length, { timeout: 60_000 }).toBe(1);
      await waitForEmptyOutbox(driver, 10_000);
      expect(await weblinksOf(emulator, article.url)).toHaveLength(1);
    },
    { runs: inBrowsers(undefined, ['published']), timeoutMs: 150_000 },
  ),
];

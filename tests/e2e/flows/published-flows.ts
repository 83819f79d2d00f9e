import { PROFILE_NAMES } from '../../emulator/profile.ts';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { VERSION_HEADER } from '../../emulator/version-header.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { button, combobox, type UiPage } from '../driver/driver';
import { type EmulatorAccess, type EmulatorObject, entityIdsOf, objectsIn } from '../emulator-client';
import { expect } from '../expect';
import { waitForEmptyOutbox } from './extension-state';
import { defineFlow, EVERYWHERE, inBrowsers } from './flow';
import { connectSpace, lastLogSeq, openArticle, openPopupFor, weblinksOf } from './steps';

/**
 * What the live service does differently from the spec (its published reference): a create that
 * ignores tags, properties and collections, a limit of ten creates a minute. Each flow runs against
 * both emulator profiles unless it only makes sense against the published one.
 */

/** A new tag the clips below create. */
const NEW_TAG = 'Levain';
/** The rate-limit window of the twelve-saves flow: the published minute, scaled down (see there). */
const WINDOW_MS = 30_000;

/** Fills what a weblink's create may not apply: an existing and a new tag, a collection, a typed property. */
async function fillEverything(popup: UiPage): Promise<void> {
  await popup.fill(combobox('Tags'), 'read');
  await popup.pickSuggestion('Reading');
  await popup.fill(combobox('Tags'), NEW_TAG);
  await popup.pickSuggestion(`Create tag "${NEW_TAG}"`);
  await popup.select(combobox('Collection'), 'Reading list');
  await popup.clickText(/^Properties/);
  await popup.select(combobox('Status'), 'Reading');
}

/** Expects one weblink of `url`, holding everything `fillEverything` asked for. */
async function expectOneWeblinkWithEverything(emulator: EmulatorAccess, url: string): Promise<void> {
  const weblinks = await weblinksOf(emulator, url);
  expect(weblinks, `weblinks of ${url}`).toHaveLength(1);
  const [weblink] = weblinks as [EmulatorObject];
  const newTags = (await objectsIn(emulator, DEMO.spaceId, 'RootTag')).filter((tag) => tag.title === NEW_TAG);
  expect(newTags, `tags titled ${NEW_TAG}`).toHaveLength(1);
  expect(entityIdsOf(weblink, 'tags').sort()).toEqual([DEMO.tags.reading, newTags[0]?.id].sort());
  expect(weblink.collections).toEqual([DEMO.collections.readingList]);
  expect(weblink.properties[DEMO.properties.weblink.status]).toMatchObject({
    label: [{ id: DEMO.labels.weblinkStatus.reading }],
  });
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/** The fixture article under a query string of its own: the same page to the server, another address to a clipper. */
const articleCopy = (pagesUrl: string, index: number) => `${pagesUrl}/article.html?copy=${index}`;

export const publishedFlows = [
  defineFlow(
    'a lost answer on the weblink create: the clip finds its weblink instead of creating a second one',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await fillEverything(popup);
      // The service applies the create, then the connection breaks after the status line: the
      // extension never reads the answer (`after` would let Chromium resend the POST by itself).
      const lost = await emulator.addFault({ method: 'POST', path: '/object/url', drop: 'mid-response', times: 1 });
      const before = await lastLogSeq(emulator);
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toMatch(/^(Saved|Queued)/);
      await waitForEmptyOutbox(driver, 30_000);

      await expectOneWeblinkWithEverything(emulator, article.url);
      const creates = (await emulator.log(before)).filter(
        (entry) => entry.method === 'POST' && entry.path === '/object/url',
      );
      expect(creates.map((entry) => entry.fault?.id)).toEqual([lost]);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'twelve saves in a minute: each lands once with its tag, with at most one 429',
    async ({ driver, emulator, pagesUrl, profile }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      // The published limit is ten creates per token in fixed one-minute windows, aligned to the
      // emulator's clock. Here the windows are scaled to 30 s (the same counts per window), so the
      // wait costs the suite half as much; twelve saves from the popup still take well under one
      // window. The clock is moved forward to the start of a window, so that the first ten saves
      // fall in one window and the last two must wait for the next, which the extension learns
      // only from the `RateLimit` header.
      await emulator.setRateLimits({ enabled: true, windowMs: WINDOW_MS });
      const { windowMs } = await emulator.rateLimits();
      const current = Date.parse((await emulator.clock()).now);
      const windowEnd = Math.ceil(current / windowMs) * windowMs;
      await emulator.advanceClock((windowEnd - current) / 1000);
      const before = await lastLogSeq(emulator);

      const urls: string[] = [];
      for (let index = 1; index <= 12; index += 1) {
        const page = await driver.openPage(articleCopy(pagesUrl, index));
        urls.push(page.url);
        const popup = await openPopupFor(driver, page);
        if (index === 1) {
          await popup.fill(combobox('Tags'), 'read');
          await popup.pickSuggestion('Reading');
          await popup.click(button('Pin tag Reading'));
        } else {
          await expect.poll(() => popup.attribute(button('Pin tag Reading'), 'aria-pressed')).toBe('true');
        }
        await popup.click(button('Save page'));
        await expect.poll(() => popup.status()).toMatch(/^(Saved|Queued)/);
        await popup.close();
      }
      await waitForEmptyOutbox(driver, 90_000);

      for (const url of urls) {
        const weblinks = await weblinksOf(emulator, url);
        expect(weblinks, `weblinks of ${url}`).toHaveLength(1);
        expect(entityIdsOf(weblinks[0] as EmulatorObject, 'tags'), `tags of ${url}`).toEqual([DEMO.tags.reading]);
      }
      const log = await emulator.log(before);
      const refused = log.filter((entry) => entry.status === 429);
      expect(
        refused.length,
        `429s: ${refused.map((entry) => `${entry.method} ${entry.path}`).join(', ')}`,
      ).toBeLessThanOrEqual(1);
      const created = log.filter(
        (entry) => entry.method === 'POST' && entry.path === '/object/url' && isSuccess(entry.status),
      );
      expect(created).toHaveLength(12);
      if (profile === 'published') {
        // Ten in the first window: the limit was reached, and the last two waited for the next.
        expect(created.filter((entry) => Date.parse(entry.time) < windowEnd + windowMs)).toHaveLength(10);
      }
    },
    { runs: inBrowsers(['chromium'], PROFILE_NAMES), timeoutMs: 120_000 },
  ),

  defineFlow(
    'the worker stopped between the create and its follow-up resumes with the follow-up: one weblink with everything',
    async ({ driver, emulator, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await fillEverything(popup);
      // The published create ignores tags, properties and collections, so a PATCH follows it. That
      // PATCH is held, and then dropped unapplied, long enough to stop the worker while it waits.
      const held = await emulator.addFault({
        method: 'PATCH',
        path: '/object',
        delayMs: 10_000,
        drop: 'before',
        times: 1,
      });
      const before = await lastLogSeq(emulator);
      await popup.click(button('Save page'));
      await expect.poll(async () => (await emulator.faults()).find((rule) => rule.id === held)?.fired).toBe(1);
      await popup.close();
      await chromium.stopServiceWorker();

      // Asking for the outbox starts a new worker, which finds the follow-up it had started.
      await waitForEmptyOutbox(driver, 30_000);
      await expectOneWeblinkWithEverything(emulator, article.url);
      // The held PATCH ends (unapplied) only now: the one that applied was sent meanwhile, by the new worker.
      await expect
        .poll(async () => (await emulator.log(before)).some((entry) => entry.fault?.id === held), { timeout: 15_000 })
        .toBe(true);
      const log = await emulator.log(before);
      const creates = log.filter((entry) => entry.method === 'POST' && entry.path === '/object/url');
      expect(creates).toHaveLength(1);
      // The id was stored before the PATCH went out: the new worker sends it again at once, with no
      // lookup and no second create.
      expect(
        log
          .filter((entry) => entry.seq > (creates[0]?.seq ?? 0))
          .map(
            (entry) => `${entry.method} ${entry.path}: ${entry.fault?.id === held ? 'held, dropped' : entry.status}`,
          ),
      ).toEqual(['PATCH /object: 200', 'PATCH /object: held, dropped']);
    },
    { runs: inBrowsers(['chromium'], ['published']), timeoutMs: 60_000 },
  ),

  defineFlow(
    'a service that requires the API-version header: connecting, a save with everything and a quick clip are all served',
    async ({ driver, emulator, pagesUrl }) => {
      // The live service may require the header (published reference, "Unknown"): here it does.
      await emulator.reset({ profile: 'published', requireVersionHeader: VERSION_HEADER });
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await fillEverything(popup);
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');
      await expectOneWeblinkWithEverything(emulator, article.url);

      const link = `${pagesUrl}/article.html?linked`;
      await driver.callBackgroundHook('onMenuClicked', [
        { menuItemId: 'save-link', linkUrl: link, linkText: 'Linked' },
      ]);
      await expect.poll(async () => (await weblinksOf(emulator, link)).length).toBe(1);
      // Not one request was refused for the header (each would also be a violation, which fails any flow).
      expect((await emulator.log()).filter((entry) => entry.status === 400)).toEqual([]);
    },
    { runs: inBrowsers(undefined, ['published']) },
  ),
];

import type { TagRef } from '../../../lib/clips/clip-fields';
import type { ClipRequest } from '../../../lib/messaging';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, type Driver, heading } from '../driver/driver';
import { type EmulatorAccess, objectsIn, requestLog, urlOf } from '../emulator-client';
import { expect } from '../expect';
import { badgeText, storedSecret, waitForEmptyOutbox, waitingClips } from './extension-state';
import { defineFlow, EVERYWHERE } from './flow';
import { ARTICLE_TITLE, connectSpace, openArticle, openPopupFor, signIn } from './steps';

/** Never lose a clip: what the outbox does when the service, the network or the browser fail. */

/** A weblink clip of a page on faults.example, as the popup sends it; even indexes save the page, odd ones a link. */
export function weblink(index: number, tags: TagRef[] = []): ClipRequest {
  return {
    kind: index % 2 === 0 ? 'page' : 'link',
    url: `https://faults.example/pages/${index}`,
    title: `Fault page ${index}`,
    tags,
    properties: {},
    notes: `Notes of page ${index}`,
    existingObjectIds: [],
  };
}

/** Sends clips to the background as the popup does. */
async function makeClips(driver: Driver, clips: ClipRequest[]): Promise<void> {
  await Promise.all(clips.map((clip) => driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip })));
}

/** How many weblinks of the demo space have each of `urls`. */
async function weblinkCounts(emulator: EmulatorAccess, urls: string[]): Promise<number[]> {
  const saved = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map(urlOf);
  return urls.map((url) => saved.filter((candidate) => candidate === url).length);
}

const refusal = (message: string) => ({
  path: '/object/url',
  status: 400,
  body: JSON.stringify({ error: { code: 'cap_invalid_input', message } }),
  contentType: 'application/json',
});

export const outboxFlows = [
  defineFlow(
    'clips queued while the service is down land once after the browser restarts',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await emulator.addFault({ drop: 'before' });
      // One clip from the popup, two more as the popup sends them.
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toMatch(/^Queued: /);
      await makeClips(driver, [weblink(101), weblink(102)]);
      expect(await waitingClips(driver)).toHaveLength(3);
      // The badge counts the clips that have not landed.
      await expect.poll(() => badgeText(driver)).toBe('3');

      await driver.restart(() => emulator.clearFaults());
      // No page of ours is open: the browser start alone must send them.
      const urls = [article.url, 'https://faults.example/pages/101', 'https://faults.example/pages/102'];
      await expect.poll(() => weblinkCounts(emulator, urls), { timeout: 30_000 }).toEqual([1, 1, 1]);
      await waitForEmptyOutbox(driver, 10_000);
      expect(await weblinkCounts(emulator, urls)).toEqual([1, 1, 1]);
      expect((await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map((object) => object.title)).toContain(
        ARTICLE_TITLE,
      );
    },
    { timeoutMs: 90_000 },
  ),

  defineFlow(
    'clips delivered one after another once the service is back are told in one notification, not one each',
    async ({ driver, emulator }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await emulator.addFault({ drop: 'before' });
      await makeClips(driver, [weblink(701), weblink(702), weblink(703), weblink(704)]);
      expect(await waitingClips(driver)).toHaveLength(4);
      const notifications = await driver.recordNotifications();
      await emulator.clearFaults();
      await driver.sendToBackground('retryAllClips');
      await waitForEmptyOutbox(driver, 30_000);
      await expect.poll(async () => (await notifications()).at(-1) ?? '').toMatch(/^4 clips sent to your space: /);
      const shown = await notifications();
      // The first landing is told as it happens; the others update that notification.
      expect(shown[0]).toMatch(/^Saved to your space: Fault page 70[1-4]$/);
      expect(shown.slice(1).every((text) => /^[2-4] clips sent to your space: Fault page 70\d/.test(text))).toBe(true);
    },
    { timeoutMs: 90_000 },
  ),

  defineFlow(
    'the outbox list: Retry sends a refused clip again, Discard drops one for good',
    async ({ driver, emulator }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await emulator.addFault({ ...refusal('Not today'), times: 2 });
      await makeClips(driver, [weblink(600), weblink(601)]);
      const popup = await driver.popup();
      await popup.waitFor(heading('Waiting clips'));
      await popup.waitFor(button('Retry Fault page 600'));
      await expect.poll(() => popup.text()).toContain('Workspace Notes did not accept this: “Not today”');

      await popup.click(button('Discard Fault page 601'));
      await expect.poll(() => popup.count(button('Discard Fault page 601'))).toBe(0);
      await popup.click(button('Retry Fault page 600'));
      await waitForEmptyOutbox(driver, 10_000);
      await expect.poll(() => popup.count(heading('Waiting clips'))).toBe(0);
      expect(
        await weblinkCounts(emulator, ['https://faults.example/pages/600', 'https://faults.example/pages/601']),
      ).toEqual([1, 0]);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'the outbox list: Discard followed by Undo keeps the clip, and it is sent on Retry',
    async ({ driver, emulator }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await emulator.addFault({ ...refusal('Not today'), times: 1 });
      await makeClips(driver, [weblink(602)]);
      const popup = await driver.popup();
      await popup.click(button('Discard Fault page 602'));
      await expect.poll(() => popup.count(button('Discard Fault page 602'))).toBe(0);
      await popup.click(button('Undo'));
      await popup.waitFor(button('Retry Fault page 602'));
      expect(await waitingClips(driver)).toHaveLength(1);
      await popup.click(button('Retry Fault page 602'));
      await waitForEmptyOutbox(driver, 10_000);
      expect(await weblinkCounts(emulator, ['https://faults.example/pages/602'])).toEqual([1]);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'an access token that expires mid-drain is refreshed once and nothing is lost',
    async ({ driver, emulator }) => {
      const options = await driver.options();
      await signIn(driver, options, 'Approve', 'Demo space');
      await expect.poll(() => options.status()).toBe('Connected to Demo space.');
      await emulator.addFault({ drop: 'before', times: 10 });
      const clips = Array.from({ length: 10 }, (_, index) => weblink(200 + index));
      await makeClips(driver, clips);
      await emulator.advanceClock(3_700);
      await driver.sendToBackground('retryAllClips');
      await waitForEmptyOutbox(driver, 90_000);
      const refreshes = (await requestLog(emulator)).filter((entry) => entry.grantType === 'refresh_token');
      expect(refreshes).toHaveLength(1);
      expect(
        await weblinkCounts(
          emulator,
          clips.map((clip) => (clip as { url: string }).url),
        ),
      ).toEqual(clips.map(() => 1));
    },
    { timeoutMs: 120_000 },
  ),

  ...(['the options page', 'the popup'] as const).map((where) =>
    defineFlow(
      `a revoked sign-in parks clips as "needs sign-in"; they land after signing in again from ${where}`,
      async ({ driver, emulator }) => {
        const options = await driver.options();
        await signIn(driver, options, 'Approve', 'Demo space');
        await expect.poll(() => options.status()).toBe('Connected to Demo space.');
        // The person removes the connection in the app: every token of it stops working.
        const secret = await storedSecret(driver, 'Demo space');
        await emulator.revokeToken(secret?.accessToken as string);

        await makeClips(driver, [weblink(300), weblink(301)]);
        const popup = await driver.popup();
        await expect.poll(() => popup.text()).toContain('Needs sign-in');
        await expect.poll(() => popup.text()).toMatch(/Your sign-in to Demo space has ended/);

        if (where === 'the popup') await signIn(driver, popup, 'Approve', 'Demo space', button('Sign in again'));
        else await signIn(driver, options, 'Approve', 'Demo space', button('Sign in again to Demo space'));
        await waitForEmptyOutbox(driver, 60_000);
        expect(
          await weblinkCounts(emulator, ['https://faults.example/pages/300', 'https://faults.example/pages/301']),
        ).toEqual([1, 1]);
        if (where === 'the popup') await expect.poll(() => popup.text()).not.toContain('Needs sign-in');
      },
      { timeoutMs: 90_000 },
    ),
  ),

  defineFlow(
    'a clip made invalid on the server stops with its message, is fixed from the popup, and lands',
    async ({ driver, emulator }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const notifications = await driver.recordNotifications();
      // The clip cannot get through at first; meanwhile its tag is deleted for good.
      await emulator.addFault({ path: '/object/url', drop: 'before' });
      await makeClips(driver, [weblink(400, [{ kind: 'existing', id: DEMO.tags.cooking, title: 'Cooking' }])]);
      await fetch(`${emulator.url}/object?id=${DEMO.tags.cooking}&hardDelete=true`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${DEMO_TOKENS.demo}` },
      });
      await emulator.clearFaults();
      await driver.sendToBackground('retryAllClips');
      const popup = await driver.popup();
      await expect.poll(() => popup.text(), { timeout: 20_000 }).toContain('Failed');
      await expect.poll(() => popup.text()).toMatch(/Workspace Notes did not accept this: “.+”/);
      // Failing for good is also notified.
      expect((await notifications()).join('\n')).toContain('Not saved: Fault page 400');
      await popup.click(button('Remove tag Cooking and retry'));
      await waitForEmptyOutbox(driver, 30_000);
      expect(await weblinkCounts(emulator, ['https://faults.example/pages/400'])).toEqual([1]);
    },
    { timeoutMs: 90_000 },
  ),

  defineFlow(
    'malformed answers never crash the background or drop a clip',
    async ({ driver, emulator }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const answers = [
        { status: 200, body: '{"id": ', contentType: 'application/json' },
        { status: 200, body: '<html><body>Gateway</body></html>', contentType: 'text/html' },
        { status: 200, body: '', contentType: 'application/json' },
        { status: 200, body: '{"unexpected": true}', contentType: 'application/json' },
        { status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' },
      ];
      for (const answer of answers) await emulator.addFault({ path: '/object/url', times: 1, ...answer });
      const clips = Array.from({ length: 5 }, (_, index) => weblink(500 + index));
      await makeClips(driver, clips);
      await driver.sendToBackground('retryAllClips');
      await waitForEmptyOutbox(driver, 90_000);
      expect((await driver.sendToBackground('ping')).version).toMatch(/^\d/);
      expect(
        await weblinkCounts(
          emulator,
          clips.map((clip) => (clip as { url: string }).url),
        ),
      ).toEqual(clips.map(() => 1));
    },
    { timeoutMs: 120_000 },
  ),
];

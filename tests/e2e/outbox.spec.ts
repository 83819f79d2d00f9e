import type { Page } from '@playwright/test';
import { DEMO, DEMO_TOKENS } from '../emulator/seed.ts';
import type { RunningEmulator } from '../emulator/server.ts';
import { markdownOf, objectsIn, requestLog, urlOf } from './emulator-client';
import { expect, extensionWorker, launchWithExtension, recordNotifications, stopServiceWorker, test } from './fixtures';

/**
 * The fault-injection suite: clips must land exactly once whatever the network, the service and
 * the browser do in between.
 */

type ClipRequest = Record<string, unknown> & { kind: string };

async function control(emulator: RunningEmulator, path: string, method: string, body?: unknown): Promise<Response> {
  return fetch(`${emulator.url}/__emulator/${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
}

/** Sends clips to the background as the popup does, a batch at a time. */
async function makeClips(page: Page, spaceId: string, clips: ClipRequest[]): Promise<void> {
  await page.evaluate(
    async ({ spaceId, clips }) => {
      for (let start = 0; start < clips.length; start += 25) {
        await Promise.all(
          clips.slice(start, start + 25).map((clip, index) =>
            chrome.runtime.sendMessage({
              id: start + index,
              type: 'saveClip',
              timestamp: Date.now(),
              data: { spaceId, clip },
            }),
          ),
        );
      }
    },
    { spaceId, clips },
  );
}

async function outboxClips(page: Page): Promise<{ id: string; state: string; title: string }[]> {
  const answer = (await page.evaluate(() =>
    chrome.runtime.sendMessage({ id: 1, type: 'getOutbox', timestamp: 1 }),
  )) as {
    res: { clips: { id: string; state: string; title: string }[] };
  };
  return answer.res.clips;
}

/** Polls (which also wakes a stopped worker) until the outbox is empty. */
async function waitForEmptyOutbox(page: Page, timeoutMs: number): Promise<void> {
  await expect.poll(async () => (await outboxClips(page)).length, { timeout: timeoutMs, intervals: [500] }).toBe(0);
}

/** "Retry all now" (also what the background does when the browser comes back online). */
async function retryAll(page: Page): Promise<void> {
  await page.evaluate(() => chrome.runtime.sendMessage({ id: 1, type: 'retryAllClips', timestamp: 1 }));
}

function weblink(index: number, tags: unknown[] = []): ClipRequest {
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

function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

const source = { url: 'https://faults.example/source', title: 'Fault source' };

test.describe('never lose a clip', () => {
  test('200 mixed clips through dropped, failed and rate-limited requests and stopped workers land exactly once', async ({
    context,
    options,
    emulator,
  }) => {
    test.setTimeout(240_000);
    await options.connectSpace(DEMO_TOKENS.demo);
    const clips: ClipRequest[] = [];
    for (let index = 0; index < 200; index += 1) {
      if (index % 4 < 2) {
        const tags =
          index % 8 === 0
            ? [{ kind: 'new', title: `Fault tag ${index % 3}` }]
            : [{ kind: 'existing', id: DEMO.tags.reading, title: 'Reading' }];
        clips.push(weblink(index, tags));
      } else if (index % 4 === 2) {
        clips.push({ kind: 'daily-note', markdown: `Daily fault clip dfc${index}x`, source });
      } else {
        clips.push({
          kind: 'append',
          objectId: DEMO.pages.projectIdeas,
          objectTitle: 'Project ideas',
          markdown: `Object fault clip ofc${index}x`,
          source,
        });
      }
    }
    // One draw per request: 20 % dropped before the server reads it, 10 % dropped after it applied
    // it (mid-response: Chromium itself resends a request whose reused connection closes before
    // any byte of the answer, which would test the browser, not the extension), 10 % answered
    // 500, 10 % answered 429.
    await control(emulator, 'faults', 'POST', { drop: 'before', probability: 0.2 });
    await control(emulator, 'faults', 'POST', { drop: 'mid-response', probability: 0.1 });
    await control(emulator, 'faults', 'POST', { status: 500, probability: 0.1 });
    await control(emulator, 'faults', 'POST', { status: 429, headers: { 'Retry-After': '1' }, probability: 0.1 });

    const made = makeClips(options.page, DEMO.spaceId, clips);
    let stops = 0;
    const stopping = (async () => {
      for (; stops < 6; stops += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
        await stopServiceWorker(context);
      }
    })();
    await made;
    await stopping;
    expect(stops).toBeGreaterThanOrEqual(5);
    // Faults stay on while the outbox keeps working through its backoffs…
    await options.page.waitForTimeout(10_000);
    // …then the service behaves, the network is back, and everything must land.
    await control(emulator, 'faults', 'DELETE');
    await retryAll(options.page);
    await waitForEmptyOutbox(options.page, 150_000);

    const weblinks = await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource');
    for (const clip of clips.filter((c) => c.kind === 'page' || c.kind === 'link')) {
      expect(
        weblinks.filter((object) => urlOf(object) === clip.url),
        clip.url as string,
      ).toHaveLength(1);
    }
    const tags = await objectsIn(emulator, DEMO.spaceId, 'RootTag');
    for (const name of ['Fault tag 0', 'Fault tag 1', 'Fault tag 2']) {
      expect(
        tags.filter((tag) => tag.title === name),
        name,
      ).toHaveLength(1);
    }
    await emulator.dailyNotesIdle();
    const today = new Date().toLocaleDateString('sv');
    const note = (await objectsIn(emulator, DEMO.spaceId, 'RootDailyNote')).find((object) => object.title === today);
    const daily = await markdownOf(emulator, note?.id as string, DEMO_TOKENS.demo);
    const page = await markdownOf(emulator, DEMO.pages.projectIdeas, DEMO_TOKENS.demo);
    clips.forEach((clip, index) => {
      if (clip.kind === 'daily-note') expect(countOf(daily, `dfc${index}x`), `daily ${index}`).toBe(1);
      if (clip.kind === 'append') expect(countOf(page, `ofc${index}x`), `append ${index}`).toBe(1);
    });
  });

  test('clips pending when the browser closes land after it starts again with the same profile', async ({
    context,
    options,
    emulator,
    userDataDir,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    await control(emulator, 'faults', 'POST', { drop: 'before' });
    await makeClips(
      options.page,
      DEMO.spaceId,
      [0, 1, 2].map((index) => weblink(100 + index)),
    );
    expect(await outboxClips(options.page)).toHaveLength(3);
    // The badge counts the clips that have not landed.
    const worker = await extensionWorker(context);
    await expect.poll(() => worker.evaluate(() => chrome.action.getBadgeText({}))).toBe('3');
    await context.close();

    await control(emulator, 'faults', 'DELETE');
    const again = await launchWithExtension(userDataDir);
    try {
      const page = await again.newPage();
      await page.goto(`chrome-extension://${new URL((await extensionWorker(again)).url()).host}/options.html`);
      await waitForEmptyOutbox(page, 90_000);
      const urls = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map(urlOf);
      for (const index of [100, 101, 102]) {
        expect(urls.filter((url) => url === `https://faults.example/pages/${index}`)).toHaveLength(1);
      }
    } finally {
      await again.close();
    }
  });

  test('an access token that expires mid-drain is refreshed once and nothing is lost', async ({
    options,
    emulator,
  }) => {
    await options.open();
    await options.signIn('Approve', 'Demo space');
    await expect(options.status).toHaveText('Connected to Demo space.');
    await control(emulator, 'faults', 'POST', { drop: 'before', times: 10 });
    await makeClips(
      options.page,
      DEMO.spaceId,
      Array.from({ length: 10 }, (_, index) => weblink(200 + index)),
    );
    emulator.advanceClock(3_700);
    await retryAll(options.page);
    await waitForEmptyOutbox(options.page, 90_000);
    const refreshes = (await requestLog(emulator)).filter((entry) => entry.grantType === 'refresh_token');
    expect(refreshes).toHaveLength(1);
    const urls = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map(urlOf);
    for (let index = 200; index < 210; index += 1) {
      expect(urls.filter((url) => url === `https://faults.example/pages/${index}`)).toHaveLength(1);
    }
  });

  test('a revoked sign-in parks clips as "needs sign-in"; they land after signing in again', async ({
    context,
    options,
    popup,
    emulator,
  }) => {
    await options.open();
    await options.signIn('Approve', 'Demo space');
    await expect(options.status).toHaveText('Connected to Demo space.');
    // The person removes the connection in the app: every token of it stops working.
    const worker = await extensionWorker(context);
    const accessToken = await worker.evaluate(async () => {
      const database = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('space-clipper');
        open.onsuccess = () => resolve(open.result);
      });
      return new Promise<string>((resolve) => {
        const request = database.transaction('secrets').objectStore('secrets').getAll();
        request.onsuccess = () => resolve(request.result[0].accessToken);
      });
    });
    await control(emulator, 'tokens/revoke', 'POST', { token: accessToken });

    await makeClips(options.page, DEMO.spaceId, [weblink(300), weblink(301)]);
    await popup.open();
    await expect(popup.page.getByText('Needs sign-in').first()).toBeVisible();
    await expect(popup.page.getByText(/Your sign-in to Demo space has ended/)).toBeVisible();

    await options.page.getByRole('button', { name: 'Sign in again to Demo space' }).click();
    const consent = await context.waitForEvent('page');
    await consent.getByRole('button', { name: 'Approve' }).click();
    await waitForEmptyOutbox(options.page, 60_000);
    const urls = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map(urlOf);
    expect(urls.filter((url) => url?.startsWith('https://faults.example/pages/30'))).toHaveLength(2);
  });

  test('a clip made invalid on the server stops with its message, is fixed from the popup, and lands', async ({
    context,
    options,
    popup,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const notifications = await recordNotifications(context);
    // The clip cannot get through at first; meanwhile its tag is deleted for good.
    await control(emulator, 'faults', 'POST', { path: '/object/url', drop: 'before' });
    await makeClips(options.page, DEMO.spaceId, [
      weblink(400, [{ kind: 'existing', id: DEMO.tags.cooking, title: 'Cooking' }]),
    ]);
    await fetch(`${emulator.url}/object?id=${DEMO.tags.cooking}&hardDelete=true`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${DEMO_TOKENS.demo}` },
    });
    await control(emulator, 'faults', 'DELETE');
    await retryAll(options.page);
    await popup.open();
    await expect(popup.page.getByText('Failed').first()).toBeVisible({ timeout: 20_000 });
    await expect(popup.page.getByText(/The workspace refused it: .*/).first()).toBeVisible();
    // Failing for good is also notified.
    expect((await notifications()).join('\n')).toContain('Not saved: Fault page 400');
    await popup.page.getByRole('button', { name: 'Remove tag Cooking and retry' }).click();
    await waitForEmptyOutbox(options.page, 30_000);
    const saved = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter(
      (object) => urlOf(object) === 'https://faults.example/pages/400',
    );
    expect(saved).toHaveLength(1);
  });

  test('malformed answers never crash the worker or drop a clip', async ({ options, emulator }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const answers = [
      { status: 200, body: '{"id": ', contentType: 'application/json' },
      { status: 200, body: '<html><body>Gateway</body></html>', contentType: 'text/html' },
      { status: 200, body: '', contentType: 'application/json' },
      { status: 200, body: '{"unexpected": true}', contentType: 'application/json' },
      { status: 502, body: '<html><body>Bad gateway</body></html>', contentType: 'text/html' },
    ];
    for (const answer of answers)
      await control(emulator, 'faults', 'POST', { path: '/object/url', times: 1, ...answer });
    await makeClips(
      options.page,
      DEMO.spaceId,
      Array.from({ length: 5 }, (_, index) => weblink(500 + index)),
    );
    await retryAll(options.page);
    await waitForEmptyOutbox(options.page, 90_000);
    const ping = await options.page.evaluate(() => chrome.runtime.sendMessage({ id: 1, type: 'ping', timestamp: 1 }));
    expect(ping.res.version).toMatch(/^\d/);
    const urls = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).map(urlOf);
    for (let index = 500; index < 505; index += 1) {
      expect(urls.filter((url) => url === `https://faults.example/pages/${index}`)).toHaveLength(1);
    }
  });
});

import type { TagRef } from '../../../lib/clips/clip-fields';
import type { ClipRequest } from '../../../lib/messaging';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { markdownOf, objectsIn, urlOf } from '../emulator-client';
import { expect } from '../expect';
import { waitForEmptyOutbox, waitingClips } from './extension-state';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { weblink } from './outbox-flows';
import { connectSpace, today } from './steps';

/**
 * The fault-injection soak: 200 clips must land exactly once whatever the network, the service and
 * the browser do in between. Chromium only: it stops the service worker through the DevTools
 * protocol. The outbox's user flows (restart, Retry/Discard, sign-in again…) run in both browsers
 * (outbox-flows.ts).
 */

function countOf(haystack: string, needle: string): number {
  return haystack.split(needle).length - 1;
}

const source = { url: 'https://faults.example/source', title: 'Fault source' };

export const outboxSoakFlows = [
  defineFlow(
    '200 mixed clips through dropped, failed and rate-limited requests and stopped workers land exactly once',
    async ({ driver, emulator }) => {
      const chromium = chromiumOnly(driver);
      await connectSpace(driver, DEMO_TOKENS.demo);
      const clips: ClipRequest[] = [];
      for (let index = 0; index < 200; index += 1) {
        if (index % 4 < 2) {
          const tags: TagRef[] =
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
      await emulator.addFault({ drop: 'before', probability: 0.2 });
      await emulator.addFault({ drop: 'mid-response', probability: 0.1 });
      await emulator.addFault({ status: 500, probability: 0.1 });
      await emulator.addFault({ status: 429, headers: { 'Retry-After': '1' }, probability: 0.1 });

      // Sent as the popup sends them, a batch at a time. A worker stopped while a message waits for
      // its answer loses the answer (the popup would show an error), so the stops begin after.
      for (let start = 0; start < clips.length; start += 25) {
        await Promise.all(
          clips
            .slice(start, start + 25)
            .map((clip) => driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip })),
        );
      }
      // The outbox works through the faults while its worker is stopped again and again.
      expect((await waitingClips(driver)).length, 'clips still on their way when the stops begin').toBeGreaterThan(0);
      for (let stops = 0; stops < 6; stops += 1) {
        await new Promise((resolve) => setTimeout(resolve, 1_000 + Math.random() * 2_000));
        await chromium.stopServiceWorker();
      }
      // Faults stay on while the outbox keeps working through its backoffs…
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      // …then the service behaves, the network is back, and everything must land.
      await emulator.clearFaults();
      await driver.sendToBackground('retryAllClips');
      await waitForEmptyOutbox(driver, 150_000);

      const weblinks = await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource');
      for (const clip of clips) {
        if (clip.kind !== 'page' && clip.kind !== 'link') continue;
        expect(
          weblinks.filter((object) => urlOf(object) === clip.url),
          clip.url,
        ).toHaveLength(1);
      }
      const tags = await objectsIn(emulator, DEMO.spaceId, 'RootTag');
      for (const name of ['Fault tag 0', 'Fault tag 1', 'Fault tag 2']) {
        expect(
          tags.filter((tag) => tag.title === name),
          name,
        ).toHaveLength(1);
      }
      await emulator.waitForDailyNotes();
      const note = (await objectsIn(emulator, DEMO.spaceId, 'RootDailyNote')).find(
        (object) => object.title === today(),
      );
      const daily = await markdownOf(emulator, note?.id as string, DEMO_TOKENS.demo);
      const page = await markdownOf(emulator, DEMO.pages.projectIdeas, DEMO_TOKENS.demo);
      clips.forEach((clip, index) => {
        if (clip.kind === 'daily-note') expect(countOf(daily, `dfc${index}x`), `daily ${index}`).toBe(1);
        if (clip.kind === 'append') expect(countOf(page, `ofc${index}x`), `append ${index}`).toBe(1);
      });
    },
    { runs: CHROMIUM_ONLY, timeoutMs: 240_000 },
  ),
];

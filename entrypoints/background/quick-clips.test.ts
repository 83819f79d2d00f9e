// @vitest-environment node
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { connectWithPersonalToken } from '@/lib/auth/personal-token';
import { saveServiceSettings } from '@/lib/auth/settings';
import { trustedClipTemplates, trustedKeepChoices, trustedSpacePreferences } from '@/lib/choices';
import type { PrefillRequest } from '@/lib/clip/prefill-request';
import { DEMO, DEMO_TOKENS, RESEARCH } from '../../tests/emulator/seed.ts';
import { type RunningEmulator, startEmulator } from '../../tests/emulator/server.ts';
import { emulatorControl } from '../../tests/support/emulator-control.ts';
import { ARTICLE_READER_SCRIPT, PAGE_READER_SCRIPT } from './injected-scripts';
import { savePage } from './quick-clips';

/**
 * Quick clips send what nobody reviews, so nothing they send, nor where, may follow `storage.local`,
 * which content scripts can write in Firefox: a tracker added to every clip's notes, the article
 * sent where only the link was chosen, tags and collection of someone else's choosing, or clips
 * sent to another connected space.
 */

const PAGE = { id: 7, url: 'https://example.com/post', title: 'A post' };
const TRACKER = '![](https://tracker.example/pixel.gif)';

let emulator: RunningEmulator;
/** What the background asked the article script to apply in the page. */
let prefillRequests: PrefillRequest[];

beforeAll(async () => {
  emulator = await startEmulator({ port: 0 });
});
afterAll(() => emulator.close());

/** The tab's page: the selection script's capture, and an article script that applies the template it is given. */
function stubPage(): void {
  const metadata = {
    title: PAGE.title,
    url: PAGE.url,
    canonicalUrl: PAGE.url,
    author: 'Ada',
    siteName: null,
    publishedAt: null,
    description: null,
    faviconUrl: '',
    language: null,
  };
  fakeBrowser.tabs.get = vi.fn().mockResolvedValue(PAGE);
  fakeBrowser.scripting.executeScript = vi.fn(async (injection: { files?: string[]; args?: unknown[] }) => {
    if (injection.args) prefillRequests.push(injection.args[1] as PrefillRequest);
    const file = injection.files?.[0];
    const request = prefillRequests.at(-1);
    const result =
      file === PAGE_READER_SCRIPT
        ? { metadata, selection: null, contentType: 'text/html' }
        : file === ARTICLE_READER_SCRIPT
          ? { kind: 'prefill', properties: {}, notes: request?.template.notesTemplate ?? '' }
          : undefined;
    return [{ frameId: 0, result }];
  }) as unknown as typeof fakeBrowser.scripting.executeScript;
}

beforeEach(async () => {
  emulator.reset();
  prefillRequests = [];
  stubPage();
  Object.assign(fakeBrowser, {
    action: { getBadgeText: vi.fn(async () => 'x'), setBadgeText: vi.fn(), setBadgeBackgroundColor: vi.fn() },
    notifications: { create: vi.fn() },
  });
  Object.assign(fakeBrowser.runtime, { getManifest: () => ({ host_permissions: [] }) });
  await saveServiceSettings({ apiBaseUrl: emulator.url });
  // The first connected space is the default one.
  await connectWithPersonalToken(emulator.url, DEMO_TOKENS.demo);
  await connectWithPersonalToken(emulator.url, DEMO_TOKENS.research);
});

describe('a quick clip', () => {
  it('sends what the background keeps, whatever storage.local says', async () => {
    // What the person chose, through the options page and the popup.
    await trustedClipTemplates.setValue({ [DEMO.spaceId]: { fieldMappings: [], notesTemplate: 'By {{author}}' } });
    await trustedKeepChoices.setValue({ 'example.com': 'link' });
    await trustedSpacePreferences.setValue({
      [DEMO.spaceId]: {
        lastCollectionId: DEMO.collections.readingList,
        pinnedTags: [{ id: DEMO.tags.reading, title: 'Reading' }],
        recentTags: [],
      },
    });
    // What a content script writes where it can.
    const tampered = { fieldMappings: [], notesTemplate: TRACKER };
    await fakeBrowser.storage.local.set({
      settings: { defaultSpaceId: RESEARCH.spaceId, dailyNoteTimestamp: true },
      clipTemplates: { [DEMO.spaceId]: tampered, [RESEARCH.spaceId]: tampered },
      keepChoices: { 'example.com': 'article' },
      spacePreferences: {
        [DEMO.spaceId]: { lastCollectionId: null, pinnedTags: [{ id: 'planted', title: 'Planted' }], recentTags: [] },
      },
    });

    await savePage({ id: PAGE.id } as Parameters<typeof savePage>[0]);

    expect(prefillRequests.map((request) => [request.template.notesTemplate, request.keep])).toEqual([
      ['By {{author}}', 'link'],
    ]);
    const landed = (await emulatorControl(emulator.url).state()).spaces.flatMap((space) =>
      space.objects.filter((object) => object.structureId === 'MediaWebResource').map((object) => ({ space, object })),
    );
    const weblinks = landed.filter(({ object }) => JSON.stringify(object.properties).includes(PAGE.url));
    expect(weblinks.map(({ space }) => space.id)).toEqual([DEMO.spaceId]);
    const [{ object }] = weblinks as [(typeof weblinks)[number]];
    expect(object.collections).toEqual([DEMO.collections.readingList]);
    expect(JSON.stringify(object)).toContain(DEMO.tags.reading);
    expect(JSON.stringify(object)).not.toContain('planted');
    const body = await fetch(`${emulator.url}/object/markdown?id=${object.id}`, {
      headers: { authorization: `Bearer ${DEMO_TOKENS.demo}` },
    });
    expect(((await body.json()) as { markdown: string }).markdown).toBe('By {{author}}');
  });
});

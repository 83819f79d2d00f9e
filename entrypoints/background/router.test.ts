import type { GetDataType } from '@webext-core/messaging';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Browser } from 'wxt/browser';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { db } from '@/lib/db';
import type { ProtocolMap } from '@/lib/messaging';

/**
 * Every message type of the protocol, with data its schema accepts. Typed over
 * `keyof ProtocolMap`, so a new message type does not compile until it is listed here, and then
 * the tests below send it as a content script would.
 */
const EVERY_MESSAGE: { [K in keyof ProtocolMap]: GetDataType<ProtocolMap[K]> } = {
  ping: undefined,
  getConnections: undefined,
  saveSettings: { apiBaseUrl: 'https://attacker.example', defaultSpaceId: 'space-1' },
  signIn: undefined,
  connectWithToken: { token: 'cap-api-attacker' },
  disconnect: { spaceId: 'space-1' },
  readPage: { tabId: 1 },
  getWeblinkForm: { spaceId: 'space-1' },
  searchTags: { spaceId: 'space-1', query: 'a' },
  searchObjects: { spaceId: 'space-1', query: 'a' },
  findSavedPage: { spaceId: 'space-1', url: 'https://example.com/', title: 'Example', where: 'server' },
  getSavedObject: { spaceId: 'space-1', objectId: 'object-1' },
  saveClip: {
    spaceId: 'space-1',
    clip: { kind: 'daily-note', markdown: 'x', source: { url: 'https://example.com/', title: 'Example' } },
  },
  getOutbox: undefined,
  retryClip: { id: 'clip-1' },
  retryAllClips: undefined,
  discardClip: { id: 'clip-1' },
  fixClip: { id: 'clip-1', removeTags: ['tag-1'] },
  togglePinnedTag: { spaceId: 'space-1', tag: { id: 'tag-1', title: 'Tag' } },
  readArticle: { tabId: 1 },
  saveClipTemplate: { spaceId: 'space-1', template: { fieldMappings: [], notesTemplate: '{{title}}' } },
  highlightSelection: { spaceId: 'space-1', tabId: 1 },
  listHighlights: { spaceId: 'space-1', tabId: 1 },
  changeHighlight: { spaceId: 'space-1', tabId: 1, id: 'block-1', colour: 'red', note: 'x' },
  removeHighlight: { spaceId: 'space-1', tabId: 1, id: 'block-1' },
};
const MESSAGE_TYPES = Object.keys(EVERY_MESSAGE) as (keyof ProtocolMap)[];

type Sender = Browser.runtime.MessageSender;
type Answer = { res?: unknown; err?: { message: string } } | undefined;

/** A content script of this extension on a web page: same extension id, the page's URL and tab. */
const contentScript: Sender = {
  id: fakeBrowser.runtime.id,
  url: 'https://attacker.example/page',
  origin: 'https://attacker.example',
  tab: { id: 7, url: 'https://attacker.example/page' } as Browser.tabs.Tab,
  frameId: 0,
};
const optionsPage = (): Sender => ({ id: fakeBrowser.runtime.id, url: fakeBrowser.runtime.getURL('/options.html') });

/** Delivers a message in @webext-core/messaging's envelope, as `runtime.sendMessage` would. */
function deliver(type: string, data: unknown, sender: Sender): Promise<Answer> {
  return new Promise((resolve) => {
    const message = { id: 1, type, data, timestamp: Date.now() };
    void fakeBrowser.runtime.onMessage.trigger(message, sender, resolve).then((results: unknown[]) => {
      if (!results.includes(true)) resolve(undefined);
    });
  });
}

/** Everything a message could change: both storage areas and every IndexedDB store. */
async function everything(): Promise<string> {
  const database = await db();
  const stores = await Promise.all(
    (['secrets', 'settings', 'revocations', 'outbox', 'history'] as const).map((store) => database.getAll(store)),
  );
  const [local, session] = await Promise.all([fakeBrowser.storage.local.get(), fakeBrowser.storage.session.get()]);
  return JSON.stringify({ local, session, stores });
}

const fetchSpy = vi.fn(async () => new Response(null, { status: 599 }));

beforeEach(async () => {
  fetchSpy.mockClear();
  vi.stubGlobal('fetch', fetchSpy);
  // Browser APIs the fake browser does not implement, which the background only registers with.
  Object.assign(fakeBrowser.contextMenus, { onClicked: { addListener: vi.fn() } });
  Object.assign(fakeBrowser.commands, { onCommand: { addListener: vi.fn() } });
  Object.assign(fakeBrowser.runtime, {
    getManifest: () => ({ version: '0.0.0', host_permissions: [] }),
    onConnect: { addListener: vi.fn() },
  });
  // A fresh background (its message listeners) per test, as the browser starts it.
  vi.resetModules();
  const background = (await import('@/entrypoints/background/index')).default;
  await background.main();
});

describe('the sender check', () => {
  it.each(MESSAGE_TYPES)('refuses "%s" from a content script, and nothing changes', async (type) => {
    const before = await everything();
    const answer = await deliver(type, EVERY_MESSAGE[type], contentScript);
    expect(answer?.err?.message).toBe(`"${type}" is only accepted from the extension's own pages`);
    expect(answer?.res).toBeUndefined();
    expect(await everything()).toBe(before);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it.each(MESSAGE_TYPES)('lets "%s" through from an extension page, to its data check', async (type) => {
    const answer = await deliver(type, { unexpected: true }, optionsPage());
    expect(answer?.err?.message).toBe(`"${type}" carried invalid data`);
  });

  it('refuses a sender without the extension id, or with an extension URL but another id', async () => {
    const page = optionsPage();
    for (const sender of [{ url: page.url }, { ...page, id: 'another-extension' }]) {
      const answer = await deliver('getConnections', undefined, sender);
      expect(answer?.err?.message).toMatch(/only accepted from the extension's own pages/);
    }
  });
});

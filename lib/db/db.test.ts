import { openDB } from 'idb';
import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { readSecret } from '../auth/secrets';
import { readServiceSettings } from '../auth/settings';
import { trustedClipSettings, trustedClipTemplates, trustedKeepChoices, trustedSpacePreferences } from '../choices';
import { db } from '../db';
import { DB_NAME, DB_VERSION } from './schema';

/** An install of database version 1: tokens in IndexedDB, where they go in storage.local. */
async function installVersion1(): Promise<void> {
  const v1 = await openDB(DB_NAME, 1, {
    upgrade(database) {
      database.createObjectStore('secrets', { keyPath: 'spaceId' });
      database.createObjectStore('revocations', { keyPath: 'id' });
      database.createObjectStore('outbox', { keyPath: 'id' }).createIndex('bySeq', 'seq');
      database.createObjectStore('history', { keyPath: 'id' }).createIndex('byLandedAt', 'landedAt');
    },
  });
  await v1.put('secrets', { spaceId: 'token-space', method: 'token', token: 'cap-api-1' });
  await v1.put('secrets', {
    spaceId: 'oauth-space',
    method: 'oauth',
    accessToken: 'eyJ.a.b',
    expiresAt: 1,
    refreshToken: 'cap-rt-1',
  });
  await v1.put('secrets', { spaceId: 'tampered-space', method: 'token', token: 'cap-api-2' });
  v1.close();

  const connection = { spaceTitle: 'A space', scopes: [], state: 'connected', connectedAt: 1 };
  await fakeBrowser.storage.local.set({
    settings: {
      apiBaseUrl: 'https://notes.example/v1',
      oauthClientId: 'my-client',
      defaultSpaceId: 'token-space',
      dailyNoteTimestamp: false,
    },
    connections: [
      { ...connection, spaceId: 'token-space', method: 'token', baseUrl: 'https://notes.example/v1', clientId: null },
      { ...connection, spaceId: 'oauth-space', method: 'oauth', baseUrl: 'http://127.0.0.1:8787', clientId: 'c1' },
      // Plain http to another host never passed the checks: someone wrote this into storage.local.
      { ...connection, spaceId: 'tampered-space', method: 'token', baseUrl: 'http://attacker.example', clientId: null },
    ],
  });
}

describe('the upgrade from database version 1', () => {
  it("moves each token's address and the service settings from storage.local next to the tokens", async () => {
    await installVersion1();
    const database = await db();
    expect(database.version).toBe(DB_VERSION);

    expect(await database.getAll('secrets')).toEqual([
      {
        spaceId: 'oauth-space',
        method: 'oauth',
        accessToken: 'eyJ.a.b',
        expiresAt: 1,
        refreshToken: 'cap-rt-1',
        baseUrl: 'http://127.0.0.1:8787',
        clientId: 'c1',
      },
      { spaceId: 'token-space', method: 'token', token: 'cap-api-1', baseUrl: 'https://notes.example/v1' },
    ]);
    expect(await readServiceSettings()).toEqual({ apiBaseUrl: 'https://notes.example/v1', oauthClientId: 'my-client' });
  });

  it('then removes those values from storage.local, keeping everything else', async () => {
    await installVersion1();
    await db();
    const { settings, connections } = await fakeBrowser.storage.local.get(['settings', 'connections']);
    expect(settings).toBeUndefined();
    expect(await trustedClipSettings.getValue()).toEqual({ defaultSpaceId: 'token-space', dailyNoteTimestamp: false });
    expect(connections).toHaveLength(3);
    expect(JSON.stringify(connections)).not.toMatch(/baseUrl|clientId/);
  });

  it('runs once: what storage.local says later is never read again', async () => {
    await installVersion1();
    await db();
    await fakeBrowser.storage.local.set({ settings: { apiBaseUrl: 'https://attacker.example', oauthClientId: 'x' } });
    vi.resetModules(); // A restarted worker opens the database anew.
    expect(await (await import('../auth/settings')).readServiceSettings()).toEqual({
      apiBaseUrl: 'https://notes.example/v1',
      oauthClientId: 'my-client',
    });
  });

  it('on a new install creates the stores and reads nothing from storage.local', async () => {
    await fakeBrowser.storage.local.set({ settings: { apiBaseUrl: 'https://attacker.example', oauthClientId: 'x' } });
    expect(await readServiceSettings()).toEqual({ apiBaseUrl: null, oauthClientId: null });
    expect((await fakeBrowser.storage.local.get('settings')).settings).toMatchObject({
      apiBaseUrl: 'https://attacker.example',
    });
  });
});

/** An install of database version 2: tokens by space id, the clip choices in storage.local only. */
async function installVersion2(): Promise<void> {
  const v2 = await openDB(DB_NAME, 2, {
    upgrade(database) {
      database.createObjectStore('secrets', { keyPath: 'spaceId' });
      database.createObjectStore('settings');
      database.createObjectStore('revocations', { keyPath: 'id' });
      database.createObjectStore('outbox', { keyPath: 'id' }).createIndex('bySeq', 'seq');
      database.createObjectStore('history', { keyPath: 'id' }).createIndex('byLandedAt', 'landedAt');
    },
  });
  await v2.put('secrets', { spaceId: 's1', method: 'token', token: 'cap-api-1', baseUrl: 'https://notes.example' });
  await v2.put('settings', { apiBaseUrl: null, oauthClientId: null }, 'service');
  v2.close();
  await fakeBrowser.storage.local.set({
    settings: { defaultSpaceId: 's1', dailyNoteTimestamp: false },
    clipTemplates: { s1: { fieldMappings: [], notesTemplate: 'By {{author}}' } },
    keepChoices: { 'example.com': 'article' },
    spacePreferences: { s1: { lastCollectionId: 'c1', pinnedTags: [{ id: 't1', title: 'Tea' }], recentTags: [] } },
  });
}

describe('the upgrade from database version 2', () => {
  it('keys the tokens by service and space', async () => {
    await installVersion2();
    const database = await db();
    const token = { spaceId: 's1', method: 'token', token: 'cap-api-1', baseUrl: 'https://notes.example' };
    expect(await database.get('secrets', ['https://notes.example', 's1'])).toEqual(token);
    expect(await readSecret('s1')).toEqual(token);
  });

  it('moves the clip choices into IndexedDB once, and drops the settings from storage.local', async () => {
    await installVersion2();
    await db();
    expect(await trustedClipSettings.getValue()).toEqual({ defaultSpaceId: 's1', dailyNoteTimestamp: false });
    expect(await trustedClipTemplates.getValue()).toEqual({
      s1: { fieldMappings: [], notesTemplate: 'By {{author}}' },
    });
    expect(await trustedKeepChoices.getValue()).toEqual({ 'example.com': 'article' });
    expect((await trustedSpacePreferences.getValue()).s1?.pinnedTags).toEqual([{ id: 't1', title: 'Tea' }]);
    expect((await fakeBrowser.storage.local.get('settings')).settings).toBeUndefined();

    // What storage.local says later is never read again.
    await fakeBrowser.storage.local.set({ keepChoices: { 'example.com': 'link' }, settings: { defaultSpaceId: 'x' } });
    vi.resetModules(); // A restarted worker opens the database anew.
    const restarted = await import('../choices');
    expect(await restarted.trustedKeepChoices.getValue()).toEqual({ 'example.com': 'article' });
    expect((await restarted.trustedClipSettings.getValue()).defaultSpaceId).toBe('s1');
  });
});

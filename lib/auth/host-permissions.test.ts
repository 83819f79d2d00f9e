import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { db } from '../db';
import { releaseUnusedOrigin } from './host-permissions';
import { originPattern } from './origin-pattern';
import { writeSecret } from './secrets';
import { saveServiceSettings } from './settings';

const remove = vi.fn(async (_permissions: { origins: string[] }) => true);

beforeEach(() => {
  remove.mockClear();
  // The build's own service is the manifest's host permission (see wxt.config.ts).
  Object.assign(fakeBrowser.runtime, {
    getManifest: () => ({ host_permissions: [originPattern('https://api.workspace-notes.app')] }),
  });
  Object.assign(fakeBrowser.permissions, { remove });
});

describe('originPattern', () => {
  it('names the scheme and host of a base URL, for every port and path', () => {
    expect(originPattern('https://notes.example:8443/v1')).toBe('https://notes.example/*');
    expect(originPattern('http://127.0.0.1:18787')).toBe('http://127.0.0.1/*');
  });
});

describe('after the base URL changes, the old origin', () => {
  it('loses its host permission when nothing uses it any more', async () => {
    await saveServiceSettings({ apiBaseUrl: 'https://new.example' });
    await releaseUnusedOrigin('https://old.example/api');
    expect(remove).toHaveBeenCalledWith({ origins: ['https://old.example/*'] });
  });

  it('keeps it while a connected space still sends its token there', async () => {
    await saveServiceSettings({ apiBaseUrl: 'https://new.example' });
    await writeSecret({ spaceId: 's1', method: 'token', token: 'cap-api-1', baseUrl: 'https://old.example:8443' });
    await releaseUnusedOrigin('https://old.example/api');
    expect(remove).not.toHaveBeenCalled();
  });

  it('keeps it while a revocation still waits to be sent there', async () => {
    await saveServiceSettings({ apiBaseUrl: 'https://new.example' });
    await (await db()).put('revocations', {
      id: 'r1',
      baseUrl: 'https://old.example',
      clientId: 'space-clipper',
      refreshToken: 'cap-rt-1',
      firstTriedAt: 0,
    });
    await releaseUnusedOrigin('https://old.example');
    expect(remove).not.toHaveBeenCalled();
  });

  it("keeps it when it is the service setting's origin again, or the build's own host", async () => {
    await saveServiceSettings({ apiBaseUrl: 'https://old.example/other-path' });
    await releaseUnusedOrigin('https://old.example');
    await saveServiceSettings({ apiBaseUrl: 'https://new.example' });
    await releaseUnusedOrigin('https://api.workspace-notes.app');
    expect(remove).not.toHaveBeenCalled();
  });
});

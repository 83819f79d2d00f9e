import { describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { restrictStorageToTrustedContexts } from './storage';

describe('restrictStorageToTrustedContexts', () => {
  it('closes storage.local and storage.sync to content scripts where the browser offers it (Chrome)', async () => {
    const local = vi.fn(async () => undefined);
    const sync = vi.fn(async () => undefined);
    Object.assign(fakeBrowser.storage.local, { setAccessLevel: local });
    Object.assign(fakeBrowser.storage.sync, { setAccessLevel: sync });
    await restrictStorageToTrustedContexts();
    expect(local).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
    expect(sync).toHaveBeenCalledWith({ accessLevel: 'TRUSTED_CONTEXTS' });
  });

  it('leaves alone a browser without the call (Firefox) or one that refuses it for these areas', async () => {
    Object.assign(fakeBrowser.storage.local, { setAccessLevel: undefined });
    const refusing = vi.fn(async () => {
      throw new Error('This StorageArea is not available for setting access level');
    });
    Object.assign(fakeBrowser.storage.sync, { setAccessLevel: refusing });
    await expect(restrictStorageToTrustedContexts()).resolves.toBeUndefined();
    expect(refusing).toHaveBeenCalledOnce();
  });
});

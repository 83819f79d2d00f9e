import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { forgetCachedSecrets } from '@/lib/auth/secret-store';
import { resetDbHandleForTests } from '@/lib/db';
import { installI18nMock } from './i18n-mock';
import { installIdentityMock } from './identity-mock';

beforeEach(async () => {
  await fakeBrowser.reset();
  installIdentityMock();
  installI18nMock();
  // A fresh, empty IndexedDB per test, as after an install.
  globalThis.indexedDB = new IDBFactory();
  resetDbHandleForTests();
  forgetCachedSecrets();
});

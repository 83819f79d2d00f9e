import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installI18nMock } from './i18n-mock';
import { installIdentityMock } from './identity-mock';

beforeEach(async () => {
  await fakeBrowser.reset();
  installIdentityMock();
  installI18nMock();
  // A fresh, empty IndexedDB per test, as after an install. Asking to delete the old one first
  // makes the extension's open connection let go, as for another context's upgrade (lib/db's
  // `blocking`), so the next `db()` opens the new one, and the tokens' in-memory copy goes with
  // the old connection. Connections a test opened itself may keep the deletion waiting: the new
  // database does not wait for it.
  await Promise.all((await indexedDB.databases()).map(({ name }) => name && deletionAsked(name)));
  globalThis.indexedDB = new IDBFactory();
});

/** Resolves once every open connection to the database was told of the deletion. */
function deletionAsked(name: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.deleteDatabase(name);
    request.onsuccess = () => resolve();
    request.onblocked = () => resolve();
    request.onerror = () => reject(request.error);
  });
}

import { record } from './destination-migration';
import type { LegacyValues, UpgradeTransaction } from './schema';

/**
 * Up to database version 2 the clip choices (lib/choices.ts) lived in `storage.local` only, where
 * content scripts can write. Version 3 keeps them in IndexedDB: an existing install's values are
 * moved once, inside the upgrade, under the same names (the settings as `clipSettings`). They are
 * taken as they were (the background wrote them; nothing could tell a value a page wrote from one
 * it wrote), and never read from `storage.local` again.
 */
export async function moveChoicesIntoDb(transaction: UpgradeTransaction, legacy: LegacyValues): Promise<void> {
  const store = transaction.objectStore('settings');
  const { defaultSpaceId, dailyNoteTimestamp } = record(legacy.settings);
  await store.put(
    {
      defaultSpaceId: typeof defaultSpaceId === 'string' ? defaultSpaceId : null,
      dailyNoteTimestamp: dailyNoteTimestamp !== false,
    },
    'clipSettings',
  );
  for (const key of ['clipTemplates', 'keepChoices', 'spacePreferences']) {
    if (typeof legacy[key] === 'object' && legacy[key] !== null) await store.put(legacy[key], key);
  }
}

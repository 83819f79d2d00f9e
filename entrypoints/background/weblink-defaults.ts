import { trustedSpacePreferences } from '@/lib/choices';
import { EMPTY_SPACE_PREFERENCES } from '@/lib/storage';

/** What a weblink made without the popup gets: the space's pinned tags and its last collection. */
export async function weblinkDefaults(spaceId: string) {
  const prefs = (await trustedSpacePreferences.getValue())[spaceId] ?? EMPTY_SPACE_PREFERENCES;
  return {
    tags: prefs.pinnedTags.map((tag) => ({ kind: 'existing' as const, ...tag })),
    properties: {},
    ...(prefs.lastCollectionId ? { collections: [prefs.lastCollectionId] } : {}),
    notes: '',
    existingObjectIds: [],
  };
}

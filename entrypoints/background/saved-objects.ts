import { type PropertyValue, readTitle, readUrl } from '@/lib/api';
import { apiForSpace } from '@/lib/auth/space-api';
import type { SavedObjectView } from '@/lib/messaging';
import { recentObject } from '@/lib/server-memory';
import { titlesOf } from './object-titles';
import { weblinkUrlProperty } from './space-structures';

/** Ids an object links to through entity values (its tags, related objects). */
function linkedIds(properties: Record<string, PropertyValue>): string[] {
  return Object.values(properties).flatMap((value) =>
    value.type === 'entity' ? value.entity.map((link) => link.id) : [],
  );
}

/**
 * An object clipped earlier as the edit view shows it: its current title, tags (with their titles),
 * collections and property values: as the save just before was answered, else read with one
 * GET /object (and the titles of what it links to, when not known yet).
 */
export async function getSavedObject(spaceId: string, objectId: string): Promise<SavedObjectView> {
  const api = await apiForSpace(spaceId);
  const object = recentObject(spaceId, objectId) ?? (await api.getObject(objectId));
  const titles = await titlesOf(api, spaceId, linkedIds(object.properties));
  const urlProperty = await weblinkUrlProperty(spaceId);
  const tags = object.properties.tags?.type === 'entity' ? object.properties.tags.entity : [];
  return {
    objectId: object.id,
    title: readTitle(object),
    url: (urlProperty && readUrl(object, urlProperty)) ?? null,
    tags: tags.flatMap(({ id }) => (Object.hasOwn(titles, id) ? [{ id, title: titles[id] as string }] : [])),
    collectionIds: object.collections,
    properties: object.properties,
    titles,
  };
}

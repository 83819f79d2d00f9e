import { entityValue, type PropertyValueInput, titleValue } from '../api';
import {
  type ClipProgress,
  isWeblinkClip,
  type StoredClip,
  type TagRef,
  type UpdateClip,
  type WeblinkClip,
} from './types';

/** Reading and writing a stored clip: its title, what it asks for, its progress and its events. */

/** A title as compared: the service's search is case-insensitive, and input may be NFD (macOS). */
export function titleKey(title: string): string {
  return title.normalize('NFC').trim().toLowerCase();
}

/** The title a weblink is created with: the service would use the URL for an empty one. */
export function weblinkTitle(clip: Pick<WeblinkClip, 'title' | 'url'>): string {
  return clip.title.trim() || clip.url;
}

/** A one-line name for a clip in lists and notifications. */
export function clipTitle(stored: StoredClip): string {
  const { clip } = stored;
  if (isWeblinkClip(clip)) return weblinkTitle(clip);
  if (clip.kind === 'daily-note') return clip.source.title || clip.source.url;
  return clip.objectTitle || clip.source.title || clip.source.url;
}

/** The Markdown parts a clip appends after its first request (for weblinks, notes beyond the first part). */
export function appendParts(stored: StoredClip): string[] {
  const { clip } = stored;
  if (isWeblinkClip(clip)) return clip.notes.slice(1);
  return clip.kind === 'trash' || clip.kind === 'restore' ? [] : clip.parts;
}

/**
 * The id found or created for a new tag. `tagIds` is a plain object stored in IndexedDB, so it is
 * read and written as own properties only: a tag called "constructor" or "__proto__" must not
 * find Object.prototype's members.
 */
export function resolvedTagId(progress: ClipProgress, title: string): string | undefined {
  const key = titleKey(title);
  return Object.hasOwn(progress.tagIds, key) ? progress.tagIds[key] : undefined;
}

export function setResolvedTagId(progress: ClipProgress, title: string, id: string): void {
  Object.defineProperty(progress.tagIds, titleKey(title), {
    value: id,
    enumerable: true,
    writable: true,
    configurable: true,
  });
}

/** Titles of the clip's new tags; a blank title names no tag and is skipped. */
export function newTagTitles(clip: { tags?: TagRef[] | undefined }): string[] {
  return (clip.tags ?? []).flatMap((tag) => (tag.kind === 'new' && tag.title.trim() !== '' ? [tag.title] : []));
}

/** The ids of a clip's tags: existing ones, and new ones by the ids they were given. */
function tagIdsOf(tags: TagRef[], progress: ClipProgress): string[] {
  const ids = tags.flatMap((tag) => {
    const id = tag.kind === 'existing' ? tag.id : resolvedTagId(progress, tag.title);
    return id === undefined ? [] : [id];
  });
  return [...new Set(ids)];
}

/** Everything a weblink clip asks for: title, tags (new ones by the ids they were given), typed properties, collection. */
export function weblinkRequest(
  clip: WeblinkClip,
  progress: ClipProgress,
): { properties: Record<string, PropertyValueInput>; collections?: string[] } {
  const tagIds = tagIdsOf(clip.tags, progress);
  const properties: Record<string, PropertyValueInput> = { ...clip.properties, title: titleValue(weblinkTitle(clip)) };
  if (tagIds.length > 0) properties.tags = entityValue(tagIds);
  return { properties, ...(clip.collections === undefined ? {} : { collections: clip.collections }) };
}

/** The PATCH an update sends: only the keys it changes (an empty tag list clears the tags). */
export function updateRequest(
  clip: UpdateClip,
  progress: ClipProgress,
): { properties?: Record<string, PropertyValueInput>; collections?: string[] } | null {
  const properties: Record<string, PropertyValueInput> = { ...clip.properties };
  if (clip.title !== undefined) properties.title = titleValue(clip.title.trim() || clip.source.url);
  if (clip.tags !== undefined) properties.tags = entityValue(tagIdsOf(clip.tags, progress));
  const changes = {
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
    ...(clip.collections === undefined ? {} : { collections: clip.collections }),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}

const MAX_EVENTS = 20;

/** Adds to what happened to the clip, newest last, keeping the last few. */
export function note(stored: StoredClip, at: number, text: string): void {
  stored.events.push({ at, text });
  if (stored.events.length > MAX_EVENTS) stored.events.splice(0, stored.events.length - MAX_EVENTS);
}

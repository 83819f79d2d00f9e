import { titleValue } from '../../api';
import type { TagRef } from '../clip-fields';
import { defineStepBlock } from '../kind';
import { findTag, LOST_REQUEST_SETTLE_MS } from '../lost-answers';
import { resolvedTagId, type StoredClipOf, setResolvedTagId, titleKey } from '../stored-clip';

/** A clip that names tags: a weblink, or an update of one. */
type Tagged = { tags?: TagRef[] | undefined };

export interface TagStep {
  kind: 'find-or-create-tag';
  title: string;
}

/** Titles of the clip's new tags; a blank title names no tag and is skipped. */
export function newTagTitles(clip: Tagged): string[] {
  return (clip.tags ?? []).flatMap((tag) => (tag.kind === 'new' && tag.title.trim() !== '' ? [tag.title] : []));
}

/** The ids of a clip's tags: existing ones, and new ones by the ids they were given. */
export function tagIdsOf(tags: readonly TagRef[], stored: StoredClipOf<unknown>): string[] {
  const ids = tags.flatMap((tag) => {
    const id = tag.kind === 'existing' ? tag.id : resolvedTagId(stored.progress, tag.title);
    return id === undefined ? [] : [id];
  });
  return [...new Set(ids)];
}

/**
 * Drops tags from a clip: by id, or a new tag by its title or the id it was given (the outbox
 * list's "Remove tag … and retry", for a tag the server refused).
 */
export function withoutTags(tags: TagRef[], stored: StoredClipOf<unknown>, drop: ReadonlySet<string>): TagRef[] {
  return tags.filter((tag) => {
    if (tag.kind === 'existing') return !drop.has(tag.id);
    const givenId = resolvedTagId(stored.progress, tag.title);
    return !drop.has(tag.title) && !(givenId !== undefined && drop.has(givenId));
  });
}

/**
 * The clip's new tags, each found by title (a tag of that name, made by a person or by a request
 * whose answer was lost, is reused) or else created; one clip at a time per title, so two clips
 * never both create it.
 */
export const tagsBlock = defineStepBlock<Tagged, TagStep, string>({
  step: 'find-or-create-tag',
  next(stored) {
    const title = newTagTitles(stored.clip).find(
      (candidate) => resolvedTagId(stored.progress, candidate) === undefined,
    );
    return title === undefined ? null : { kind: 'find-or-create-tag', title };
  },
  send(api, stored, step, hooks) {
    return hooks.exclusive(`tag ${stored.spaceId} ${titleKey(step.title)}`, async () => {
      const existing = await findTag(api, step.title);
      if (existing !== undefined) return existing;
      const created = await api.createObject({
        structureId: 'RootTag',
        properties: { title: titleValue(step.title.trim()) },
      });
      return created.id;
    });
  },
  lookUp: (api, _stored, step) => findTag(api, step.title),
  record(stored, step, id) {
    setResolvedTagId(stored.progress, step.title, id);
  },
  endpoints: () => ['POST /objects/search', 'POST /object'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: (step) => `tag "${step.title}"`,
});

import { useState } from 'react';
import { type PrefillArticle, prefilledNotes, prefilledValues } from '@/lib/clip/clip-prefill';
import type { PrefillPage } from '@/lib/clip/prefill-request';
import type { FieldDefinition } from '@/lib/fields/field-definition';
import { validateFieldValue } from '@/lib/fields/field-validation';
import type { FieldValue } from '@/lib/fields/field-value';
import type { ClipTemplate, KeepChoice, SavedObjectView, TagRef } from '@/lib/messaging';
import type { PopupDraft, SpacePreferences } from '@/lib/storage';
import { changedProperties } from './field-changes';
import { fieldValuesFromServer } from './server-values';

/** What a field shows until the person changes it: from the page (a new clip) or from the saved object (the edit view). */
export interface DraftBaseline {
  title: string;
  tags: TagRef[];
  collection: string | null;
  values: Record<string, FieldValue>;
  notes: string;
}

/**
 * The clip the person is making or editing. Each field follows its baseline until the person
 * changes it: the page's metadata and selection, or the saved object, may arrive after the first
 * paint and fill in what nobody has touched yet.
 */
export function useClipDraft(baseline: DraftBaseline, kept?: PopupDraft) {
  const [title, setTitle] = useState<string | undefined>(kept?.title);
  const [tags, setTags] = useState<TagRef[] | undefined>(kept?.tags);
  const [collection, setCollection] = useState<string | null | undefined>(kept?.collection);
  const [values, setValues] = useState<Record<string, FieldValue>>(kept?.values ?? {});
  const [notes, setNotes] = useState<string | undefined>(kept?.notes);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  /** Whether what the person changed is saved: then there is no draft to keep until the next change. */
  const [saved, setSaved] = useState(false);
  const changed =
    <T>(set: (value: T) => void) =>
    (value: T) => {
      setSaved(false);
      set(value);
    };

  return {
    title: title ?? baseline.title,
    tags: tags ?? baseline.tags,
    collection: collection !== undefined ? collection : baseline.collection,
    values: { ...baseline.values, ...values },
    notes: notes ?? baseline.notes,
    /** Whether the person wrote notes (an update appends only those, never a suggestion). */
    notesTouched: notes !== undefined,
    /** What the person changed and has not saved (kept across popup opens), or null. */
    unsaved: saved
      ? null
      : {
          ...(title !== undefined && { title }),
          ...(tags !== undefined && { tags }),
          ...(collection !== undefined && { collection }),
          ...(Object.keys(values).length > 0 && { values }),
          ...(notes !== undefined && { notes }),
        },
    /** The draft was sent (landed or queued): nothing of it needs keeping any more. */
    markSaved() {
      setSaved(true);
    },
    errors,
    setTitle: changed(setTitle),
    setTags: changed(setTags),
    setCollection: changed(setCollection),
    setNotes: changed(setNotes),
    setErrors,
    setValue(id: string, value: FieldValue) {
      setSaved(false);
      setValues((current) => ({ ...current, [id]: value }));
      setErrors((current) => ({ ...current, [id]: undefined }));
    },
    /** Checks the typed properties, shows what is wrong at each field, and answers whether all are right. */
    validate(definitions: FieldDefinition[]): boolean {
      const found: Record<string, string | undefined> = {};
      for (const def of definitions) {
        const value = Object.hasOwn(values, def.id) ? values[def.id] : baseline.values[def.id];
        if (value) found[def.id] = validateFieldValue(def, value);
      }
      setErrors(found);
      return !Object.values(found).some(Boolean);
    },
    /** After an update landed: the notes were appended, so they start empty again. */
    clearNotes() {
      setNotes('');
    },
  };
}

export type ClipDraft = ReturnType<typeof useClipDraft>;

/**
 * What the edit view shows of a saved object until the person changes it. The notes field offers
 * the page's selection, but only notes the person writes are appended by "Update".
 */
export function editBaseline(
  object: SavedObjectView,
  definitions: FieldDefinition[],
  collections: { id: string }[],
  suggestedNotes: string,
): DraftBaseline {
  return {
    title: object.title,
    tags: object.tags.map((tag) => ({ kind: 'existing', ...tag })),
    collection: object.collectionIds.find((id) => collections.some((collection) => collection.id === id)) ?? null,
    values: fieldValuesFromServer(definitions, object.properties, object.titles),
    notes: suggestedNotes,
  };
}

/**
 * What an update sends of the edit view: only the keys that differ from the object as it was read
 * (the tags when any was added, removed or is new; the properties that changed, or their clearing).
 */
export function changesSince(before: DraftBaseline, draft: ClipDraft, definitions: FieldDefinition[]) {
  const tagsChanged =
    draft.tags.length !== before.tags.length ||
    draft.tags.some(
      (tag) => tag.kind === 'new' || !before.tags.some((old) => old.kind === 'existing' && old.id === tag.id),
    );
  const properties = changedProperties(definitions, before.values, draft.values);
  return {
    ...(draft.title.trim() !== before.title ? { title: draft.title.trim() } : {}),
    ...(tagsChanged ? { tags: draft.tags } : {}),
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
    ...(draft.collection !== before.collection ? { collections: draft.collection ? [draft.collection] : [] } : {}),
  };
}

/** What a new clip's form starts from. */
export interface NewClipSources {
  page: Omit<PrefillPage, 'selection'> & { selection: { markdown: string; text: string } | null };
  preferences: SpacePreferences;
  collections: { id: string }[];
  definitions: FieldDefinition[];
  template: ClipTemplate;
  kept: { keep: KeepChoice; article: PrefillArticle | null };
  now: Date;
}

/**
 * What a new clip shows until the person changes it: the page's title, the space's pinned tags and
 * last collection, the typed properties the clip template fills from the page, and the notes the
 * template (or the kept selection, quoted with its source) gives.
 */
export function newClipBaseline({
  page,
  preferences,
  collections,
  definitions,
  template,
  kept,
  now,
}: NewClipSources): DraftBaseline {
  const prefillPage: PrefillPage = { ...page, selection: page.selection?.markdown ? page.selection : null };
  return {
    title: page.title,
    tags: preferences.pinnedTags.map((tag) => ({ kind: 'existing', ...tag })),
    collection: collections.some((c) => c.id === preferences.lastCollectionId) ? preferences.lastCollectionId : null,
    values: prefilledValues(template, definitions, prefillPage, kept.article),
    notes: prefilledNotes(template, prefillPage, kept.keep, now),
  };
}

import { useState } from 'react';
import { toFieldValues } from '@/lib/fields/changes';
import type { FieldDefinition, FieldValue } from '@/lib/fields/field-types';
import type { SavedObjectView, TagRef } from '@/lib/messaging';

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
export function useClipDraft(baseline: DraftBaseline) {
  const [title, setTitle] = useState<string | undefined>();
  const [tags, setTags] = useState<TagRef[] | undefined>();
  const [collection, setCollection] = useState<string | null | undefined>();
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [notes, setNotes] = useState<string | undefined>();
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});

  return {
    title: title ?? baseline.title,
    tags: tags ?? baseline.tags,
    collection: collection !== undefined ? collection : baseline.collection,
    values: { ...baseline.values, ...values },
    notes: notes ?? baseline.notes,
    /** Whether the person wrote notes (an update appends only those, never a suggestion). */
    notesTouched: notes !== undefined,
    errors,
    setTitle,
    setTags,
    setCollection,
    setNotes,
    setErrors,
    setValue(id: string, value: FieldValue) {
      setValues((current) => ({ ...current, [id]: value }));
      setErrors((current) => ({ ...current, [id]: undefined }));
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
    values: toFieldValues(definitions, object.properties, object.titles),
    notes: suggestedNotes,
  };
}

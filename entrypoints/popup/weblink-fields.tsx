import { type RefObject, useState } from 'react';
import { CollectionPicker } from '@/components/collection-picker';
import { Field } from '@/components/field';
import { NotesField } from '@/components/notes-field';
import { PropertyFields } from '@/components/property-fields';
import { TagPicker } from '@/components/tag-picker';
import { emptyFieldValue, type FieldDefinition } from '@/lib/fields/field-definition';
import type { FieldValue } from '@/lib/fields/field-value';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging';
import type { SpacePreferences } from '@/lib/storage';
import { fieldsOpenPreference } from '@/lib/storage';
import type { ClipDraft } from './use-clip-draft';

/** Where the capture rules put their suggested tags once they are loaded. */
export const TAG_SLOT_ID = 'capture-suggested-tags';

/** Whether the property fields are shown; remembered, as people either use them every time or never. */
export function useFieldsOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(fieldsOpenPreference.read);
  return [
    open,
    (next) => {
      fieldsOpenPreference.write(next);
      setOpen(next);
    },
  ];
}

async function searchObjects(spaceId: string, query: string, structureIds: string[]) {
  const result = await sendMessage('searchObjects', {
    spaceId,
    query,
    ...(structureIds.length > 0 ? { structureIds } : {}),
  });
  return result.ok ? result.value.map(({ id, title }) => ({ id, title })) : [];
}

/** The weblink's own fields: title, tags, collection and notes. */
export function WeblinkFields({
  spaceId,
  draft,
  titleRef,
  collections,
  preferences,
  onTogglePin,
  onSubmit,
}: {
  spaceId: string;
  draft: ClipDraft;
  titleRef: RefObject<HTMLInputElement | null>;
  collections: { id: string; title: string }[];
  preferences: SpacePreferences;
  onTogglePin(tag: { id: string; title: string }): void;
  onSubmit(): void;
}) {
  return (
    <>
      <Field label={t('titleLabel')}>
        {(control) => (
          <input
            {...control}
            ref={titleRef}
            value={draft.title}
            onChange={(event) => draft.setTitle(event.target.value)}
            autoComplete="off"
          />
        )}
      </Field>

      <TagPicker
        selected={draft.tags}
        onChange={draft.setTags}
        recentTags={preferences.recentTags}
        searchTags={async (query) => {
          const result = await sendMessage('searchTags', { spaceId, query });
          return result.ok ? result.value : [];
        }}
        pinnedTagIds={preferences.pinnedTags.map((tag) => tag.id)}
        onTogglePin={onTogglePin}
      />
      {/* The capture rules' suggested tags, under the tag box (entrypoints/popup/capture/). */}
      <div id={TAG_SLOT_ID} />

      {collections.length > 0 && (
        <CollectionPicker collections={collections} value={draft.collection} onChange={draft.setCollection} />
      )}

      <NotesField value={draft.notes} onChange={draft.setNotes} onSubmit={onSubmit} />
    </>
  );
}

/** The weblink type's writable properties, folded away until asked for (and loaded only then). */
export function PropertySection({
  spaceId,
  draft,
  definitions,
  formLoading,
  open,
  onOpen,
}: {
  spaceId: string;
  draft: ClipDraft;
  definitions: FieldDefinition[];
  formLoading: boolean;
  open: boolean;
  onOpen(open: boolean): void;
}) {
  return (
    <details
      className="more-fields"
      open={open}
      onToggle={(event) => onOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>{t('moreFields', String(definitions.length))}</summary>
      {formLoading && <p className="field-hint form-loading">{t('loadingForm')}</p>}
      {open && (
        <PropertyFields
          definitions={definitions}
          values={Object.fromEntries(
            definitions.map((def) => [def.id, draft.values[def.id] ?? (emptyFieldValue(def) as FieldValue)]),
          )}
          onChange={draft.setValue}
          errors={draft.errors}
          searchEntities={(query, allowedStructureIds) => searchObjects(spaceId, query, allowedStructureIds)}
        />
      )}
    </details>
  );
}

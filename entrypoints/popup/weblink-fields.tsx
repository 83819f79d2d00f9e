import { useQueryClient } from '@tanstack/react-query';
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
import { learnTags } from './learn-tags';
import type { ClipDraft } from './use-clip-draft';

/**
 * Whether the property fields are shown; remembered, as people either use them every time or never.
 * Undefined until the person opens or closes them: the remembered choice is read by the section
 * itself, which follows the first paint, because the popup's first `localStorage` access waits for
 * the browser process to hand over the storage (bench/popup-speed.md).
 */
export function useFieldsOpen(): [boolean | undefined, (open: boolean) => void] {
  const [open, setOpen] = useState<boolean | undefined>();
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

/** How long a tag search's answer serves the tag box again. */
const TAG_SEARCH_FRESH_MS = 60_000;

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
  const queryClient = useQueryClient();
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
        recentTags={[
          ...preferences.pinnedTags,
          ...preferences.recentTags.filter((tag) => !preferences.pinnedTags.some((pinned) => pinned.id === tag.id)),
        ]}
        searchTags={(query) =>
          queryClient.fetchQuery({
            queryKey: ['tag-search', spaceId, query],
            staleTime: TAG_SEARCH_FRESH_MS,
            queryFn: async () => {
              const result = await sendMessage('searchTags', { spaceId, query });
              if (!result.ok) return [];
              learnTags(spaceId, result.value);
              return result.value;
            },
          })
        }
        pinnedTagIds={preferences.pinnedTags.map((tag) => tag.id)}
        onTogglePin={onTogglePin}
      />
      {/* The capture rules' suggested tags, under the tag box (entrypoints/popup/capture/capture-section.tsx). */}
      <div id="capture-suggested-tags" />

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
  /** Undefined: as the person left them last time. */
  open: boolean | undefined;
  onOpen(open: boolean): void;
}) {
  const [remembered] = useState(fieldsOpenPreference.read);
  const shown = open ?? remembered;
  return (
    <details
      className="more-fields"
      open={shown}
      onToggle={(event) => onOpen((event.target as HTMLDetailsElement).open)}
    >
      <summary>{t('moreFields', String(definitions.length))}</summary>
      {formLoading && <p className="field-hint form-loading">{t('loadingForm')}</p>}
      {shown && (
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

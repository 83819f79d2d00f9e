import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { CollectionPicker } from '@/components/collection-picker';
import { Field } from '@/components/field';
import { NotesField } from '@/components/notes-field';
import { StatusRegion } from '@/components/status-region';
import { TagPicker } from '@/components/tag-picker';
import type { SerializedApiError } from '@/lib/api/errors';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';
import { quoteWithSource } from '@/lib/clip/quote';
import { clipTooLarge, describeError } from '@/lib/error-text';
import { toProperties } from '@/lib/fields/field-payload';
import { emptyFieldValue, type FieldValue, isEditableDefinition, validateFieldValue } from '@/lib/fields/field-types';
import { type MessageKey, t } from '@/lib/i18n';
import {
  type ClipOutcome,
  type ClipRequest,
  type Result,
  sendMessage,
  type TagRef,
  type Unreadable,
} from '@/lib/messaging';
import { EMPTY_SPACE_PREFERENCES, fieldsOpenPreference } from '@/lib/storage';
import { AppendToObject } from './append-to-object';
import { PageLine } from './page-line';
import { keys, usePage, usePreferences, useSavedPage, useTab, useWeblinkForm } from './queries';

const UNREADABLE_KEYS: Record<Unreadable, MessageKey> = {
  'browser-page': 'unreadableBrowserPage',
  store: 'unreadableStore',
  pdf: 'unreadablePdf',
  'not-scriptable': 'unreadableNotScriptable',
};

type Status = { message: string; tone: 'info' | 'error' };

/** Loaded when the person opens the properties: not on the path to the first paint. */
const PropertyFields = lazy(() =>
  import('@/components/property-fields').then((module) => ({ default: module.PropertyFields })),
);

/** Whether the property fields are shown; remembered, as people either use them every time or never. */
function useFieldsOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(fieldsOpenPreference.read);
  return [
    open,
    (next) => {
      fieldsOpenPreference.write(next);
      setOpen(next);
    },
  ];
}

function statusOf(result: Result<ClipOutcome>): Status {
  if (!result.ok) return { message: describeError(result.error), tone: 'error' };
  const outcome = result.value;
  if (outcome.state === 'landed') return { message: t('statusSaved'), tone: 'info' };
  if (outcome.state === 'failed') return { message: describeError(outcome.error as SerializedApiError), tone: 'error' };
  return { message: t('statusQueued'), tone: 'info' };
}

/**
 * The clip form for one space and tab. It paints at once from what is cached (fields,
 * collections, remembered tags) and from what the browser knows of the tab (address, title);
 * the page's own metadata and selection arrive later and fill in what the person has not touched.
 */
export function ClipForm({ spaceId, tabId }: { spaceId: string; tabId: number | undefined }) {
  const queryClient = useQueryClient();
  const tab = useTab(tabId);
  const page = usePage(tabId);
  const form = useWeblinkForm(spaceId);
  const preferences = usePreferences();
  const prefs = preferences.data?.[spaceId] ?? EMPTY_SPACE_PREFERENCES;

  const url = page.data?.url ?? tab.data?.url ?? '';
  const [title, setTitle] = useState<string | undefined>();
  const [notes, setNotes] = useState<string | undefined>();
  const [tags, setTags] = useState<TagRef[] | undefined>();
  const [collection, setCollection] = useState<string | null | undefined>();
  const [values, setValues] = useState<Record<string, FieldValue>>({});
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const [status, setStatus] = useState<Status>({ message: '', tone: 'info' });
  const [busy, setBusy] = useState(false);
  const titleRef = useRef<HTMLInputElement>(null);
  const [fieldsOpen, setFieldsOpen] = useFieldsOpen();

  // What the person has not typed comes from the page: its cleaned title, and its selection as a quote.
  const pageTitle = page.data?.title ?? tab.data?.title ?? '';
  const effectiveTitle = title ?? pageTitle;
  const selection = page.data?.selection;
  const suggestedNotes = selection?.markdown
    ? quoteWithSource({ markdown: selection.markdown, title: pageTitle || url, url })
    : '';
  const effectiveNotes = notes ?? suggestedNotes;
  // A selection too large to clip arrives as its size only; adding it says so instead of sending.
  const selectionTooLarge =
    notes === undefined && selection?.oversizedBytes !== undefined
      ? describeError(clipTooLarge(selection.oversizedBytes, MAX_CLIP_BYTES))
      : undefined;
  const effectiveTags = tags ?? prefs.pinnedTags.map((tag) => ({ kind: 'existing' as const, ...tag }));
  const collections = form.data?.collections ?? [];
  const effectiveCollection =
    collection !== undefined
      ? collection
      : collections.some((c) => c.id === prefs.lastCollectionId)
        ? prefs.lastCollectionId
        : null;
  const definitions = useMemo(() => (form.data?.fields ?? []).filter(isEditableDefinition), [form.data]);
  const saved = useSavedPage(spaceId, url || undefined, pageTitle || undefined);

  useEffect(() => titleRef.current?.focus(), []);

  const source = { url, title: effectiveTitle || url };

  async function send(clip: ClipRequest) {
    setBusy(true);
    setStatus({ message: t('statusSaving'), tone: 'info' });
    const result = await sendMessage('saveClip', { spaceId, clip });
    setStatus(statusOf(result));
    setBusy(false);
    void queryClient.invalidateQueries({ queryKey: keys.preferences });
    void queryClient.invalidateQueries({ queryKey: keys.savedPage(spaceId, url) });
  }

  function appendNotes(clip: ClipRequest) {
    if (selectionTooLarge) setStatus({ message: selectionTooLarge, tone: 'error' });
    else void send(clip);
  }

  async function savePage(event?: FormEvent) {
    event?.preventDefault();
    const found: Record<string, string | undefined> = {};
    for (const def of definitions) {
      const value = values[def.id];
      if (value) found[def.id] = validateFieldValue(def, value);
    }
    setErrors(found);
    if (Object.values(found).some(Boolean)) {
      setFieldsOpen(true);
      setStatus({ message: t('statusFixFields'), tone: 'error' });
      return;
    }
    await send({
      kind: 'page',
      url,
      title: effectiveTitle.trim() || url,
      tags: effectiveTags,
      properties: toProperties(definitions, values),
      ...(effectiveCollection ? { collections: [effectiveCollection] } : {}),
      notes: effectiveNotes,
      existingObjectIds: saved.data ? [saved.data.id] : [],
    });
  }

  // The background alone writes preferences: a pin toggled while a save runs is never lost.
  const togglePin = (tag: { id: string; title: string }) => {
    void sendMessage('togglePinnedTag', { spaceId, tag }).then(() =>
      queryClient.invalidateQueries({ queryKey: keys.preferences }),
    );
  };

  const canSave = url !== '' && !busy;
  const canAppend = (effectiveNotes.trim() !== '' || selectionTooLarge !== undefined) && !busy && url !== '';

  return (
    <form className="clip-form" onSubmit={savePage} noValidate>
      <PageLine url={url} iconUrl={tab.data?.favIconUrl} />
      {page.data?.unreadable && <p className="notice">{t(UNREADABLE_KEYS[page.data.unreadable])}</p>}
      {saved.data && <p className="notice">{t('alreadySaved', saved.data.title)}</p>}

      <Field label={t('titleLabel')}>
        {(control) => (
          <input
            {...control}
            ref={titleRef}
            value={effectiveTitle}
            onChange={(event) => setTitle(event.target.value)}
            autoComplete="off"
          />
        )}
      </Field>

      <TagPicker
        selected={effectiveTags}
        onChange={setTags}
        recentTags={prefs.recentTags}
        searchTags={async (query) => {
          const result = await sendMessage('searchTags', { spaceId, query });
          return result.ok ? result.value : [];
        }}
        pinnedTagIds={prefs.pinnedTags.map((tag) => tag.id)}
        onTogglePin={togglePin}
      />

      {collections.length > 0 && (
        <CollectionPicker collections={collections} value={effectiveCollection} onChange={setCollection} />
      )}

      <NotesField value={effectiveNotes} onChange={setNotes} onSubmit={() => void savePage()} />

      <div className="actions">
        <button type="submit" className="button button-primary" disabled={!canSave}>
          {t('savePage')}
        </button>
        <button
          type="button"
          className="button"
          disabled={!canAppend}
          title={canAppend ? undefined : t('appendNothing')}
          onClick={() => appendNotes({ kind: 'daily-note', markdown: effectiveNotes, source })}
        >
          {t('addToDailyNote')}
        </button>
      </div>

      <details
        className="more-fields"
        open={fieldsOpen}
        onToggle={(event) => setFieldsOpen((event.target as HTMLDetailsElement).open)}
      >
        <summary>{t('moreFields', String(definitions.length))}</summary>
        {form.isPending && <p className="field-hint form-loading">{t('loadingForm')}</p>}
        {fieldsOpen && (
          <Suspense fallback={<p className="field-hint form-loading">{t('loadingForm')}</p>}>
            <PropertyFields
              definitions={definitions}
              values={Object.fromEntries(
                definitions.map((def) => [def.id, values[def.id] ?? (emptyFieldValue(def) as FieldValue)]),
              )}
              onChange={(id, value) => {
                setValues((current) => ({ ...current, [id]: value }));
                setErrors((current) => ({ ...current, [id]: undefined }));
              }}
              errors={errors}
              searchEntities={async (query, allowedStructureIds) => {
                const result = await sendMessage('searchObjects', {
                  spaceId,
                  query,
                  ...(allowedStructureIds.length > 0 ? { structureIds: allowedStructureIds } : {}),
                });
                return result.ok ? result.value.map(({ id, title }) => ({ id, title })) : [];
              }}
            />
          </Suspense>
        )}
      </details>

      <AppendToObject
        spaceId={spaceId}
        types={form.data?.appendableTypes ?? []}
        disabled={!canAppend}
        onAppend={(target) =>
          appendNotes({
            kind: 'append',
            objectId: target.id,
            objectTitle: target.title,
            markdown: effectiveNotes,
            source,
          })
        }
      />

      <StatusRegion message={status.message} tone={status.tone} />
    </form>
  );
}

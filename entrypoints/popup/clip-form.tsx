import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { StatusRegion } from '@/components/status-region';
import { quoteWithSource } from '@/lib/clip/quote';
import { weblinkTitle } from '@/lib/clips/weblink-title';
import { articleTooLargeText, clipTooLargeText } from '@/lib/error-text';
import { isEditableDefinition } from '@/lib/fields/field-definition';
import { toProperties } from '@/lib/fields/field-payload';
import { t } from '@/lib/i18n';
import { type ClipRequest, sendMessage } from '@/lib/messaging';
import { EMPTY_SPACE_PREFERENCES } from '@/lib/storage';
import { AppendToObject } from './append-to-object';
import { type CaptureChoice, CaptureSlot } from './capture-slot';
import { NO_STATUS, UNREADABLE_KEYS } from './clip-status';
import { DailyNoteButton } from './daily-note-button';
import { DailyNoteDay, dailyNoteClip, today } from './daily-note-day';
import { KeepChoiceGroup } from './keep-choice';
import { keptDraft, useKeptDraft } from './kept-drafts';
import { PageLine } from './page-line';
import { keys, useClipTemplate, usePage, usePreferences, useSavedObject, useTab, useWeblinkForm } from './queries';
import { type EditRequest, SavedActions } from './saved-actions';
import { useAfterFirstPaint } from './use-after-first-paint';
import { changesSince, type DraftBaseline, editBaseline, newClipBaseline, useClipDraft } from './use-clip-draft';
import { useEditedWeblink } from './use-edited-weblink';
import { useFocusFirstInvalid } from './use-focus-invalid';
import { useKeep } from './use-keep';
import { useSendClip } from './use-send-clip';
import { PropertySection, useFieldsOpen, WeblinkFields } from './weblink-fields';

/**
 * The clip form for one space and tab. A new clip paints at once from what is cached (fields,
 * collections, remembered tags) and from what the browser knows of the tab (address, title); the
 * page's metadata and selection arrive later and fill in what the person has not touched. Once a
 * weblink of the page is in the space (just saved, found in the history or on the server, or
 * chosen from the history), the same form edits it: "Update" sends only what changed, "Undo"
 * moves it to the trash, "Restore" brings it back where the server can.
 */
export function ClipForm({
  spaceId,
  tabId,
  editRequest,
}: {
  spaceId: string;
  tabId: number | undefined;
  editRequest?: EditRequest | undefined;
}) {
  const queryClient = useQueryClient();
  const tab = useTab(tabId);
  const page = usePage(tabId);
  const form = useWeblinkForm(spaceId);
  const preferences = usePreferences();
  const prefs = preferences.data?.[spaceId] ?? EMPTY_SPACE_PREFERENCES;
  const { status, setStatus, busy, setBusy, send } = useSendClip(spaceId);
  const titleRef = useRef<HTMLInputElement>(null);
  const [fieldsOpen, setFieldsOpen] = useFieldsOpen();
  const belowShown = useAfterFirstPaint();
  const invalid = useFocusFirstInvalid();
  const [capture, setCapture] = useState<CaptureChoice | null>(null);
  const [noteDay, setNoteDay] = useState(today);

  const url = page.data?.url ?? tab.data?.url ?? '';
  const pageTitle = page.data?.title ?? tab.data?.title ?? '';
  const selection = page.data?.selection;
  const collections = form.data?.collections ?? [];
  const definitions = useMemo(() => (form.data?.fields ?? []).filter(isEditableDefinition), [form.data]);
  const shownFields = capture?.definitions ?? definitions; // a typed object's rule shows its own

  const edited = useEditedWeblink({
    spaceId,
    url,
    readTitle: page.isFetched ? pageTitle || undefined : undefined,
    editRequest,
  });
  const { saved } = edited;
  const savedObject = useSavedObject(spaceId, saved?.objectId);

  const template = useClipTemplate(spaceId);
  const [restored] = useState(() => keptDraft(tabId, spaceId, tab.data?.url ?? ''));
  const kept = useKeep({ tabId, url, page: page.data, editing: Boolean(saved), template, keptChoice: restored?.keep });
  const [openedAt] = useState(() => new Date());

  const suggestedNotes = selection?.markdown
    ? quoteWithSource({ markdown: selection.markdown, title: pageTitle || url, url })
    : '';
  const baseline: DraftBaseline =
    saved && savedObject.data
      ? editBaseline(savedObject.data, definitions, collections, suggestedNotes)
      : newClipBaseline({
          page: { url, title: pageTitle, metadata: page.data?.metadata ?? null, selection: selection ?? null },
          preferences: prefs,
          collections,
          definitions,
          template,
          kept,
          now: openedAt,
        });
  const draft = useClipDraft(baseline, restored);
  useKeptDraft(tabId, spaceId, draft.unsaved && { url: tab.data?.url ?? url, ...draft.unsaved }, kept.chosen);
  // A selection too large to clip arrives as its size only; adding it says so instead of sending.
  const selectionTooLarge =
    !draft.notesTouched && selection?.oversizedBytes !== undefined
      ? clipTooLargeText(selection.oversizedBytes)
      : undefined;

  useEffect(() => titleRef.current?.focus(), []);

  const source = { url: savedObject.data?.url ?? url, title: draft.title || url };
  const shownStatus =
    status ?? (edited.foundAlreadySaved ? { message: t('statusAlreadySaved'), tone: 'info' } : NO_STATUS);

  /** Checks the typed properties first; a field that is wrong is shown, and nothing is sent. */
  function fieldsAreValid(): boolean {
    if (draft.validate(shownFields)) return true;
    setFieldsOpen(true);
    invalid.focusFirstInvalid();
    setStatus({ message: t('statusFixFields'), tone: 'error' });
    return false;
  }

  async function saveAsNew() {
    if (!fieldsAreValid()) return;
    const title = weblinkTitle({ title: draft.title, url });
    const object = capture?.objectRequest({ url, title, tags: draft.tags, notes: draft.notes, values: draft.values });
    if (object) return void (await send(object));
    if (kept.keep === 'article') {
      setBusy(true);
      setStatus({ message: t('articleReading'), tone: 'info' });
    }
    const body = await kept.bodyForSave(draft.notes, title);
    if (body.kind === 'too-large') {
      setBusy(false);
      setStatus({ message: articleTooLargeText(body.oversizedBytes), tone: 'error' });
      return;
    }
    const outcome = await send({
      kind: 'page',
      url,
      title,
      tags: capture ? capture.tags(draft.tags) : draft.tags,
      properties: toProperties(definitions, draft.values),
      ...(draft.collection ? { collections: [draft.collection] } : {}),
      notes: body.notes,
      keep: body.keep,
      existingObjectIds: saved ? [saved.objectId] : [],
    });
    void queryClient.invalidateQueries({ queryKey: keys.keepChoices });
    if (outcome) draft.markSaved();
    if (outcome?.state === 'landed' && outcome.objectId) {
      // The weblink is in the space now: the popup stays open on it, to fix what was forgotten.
      edited.choose({ objectId: outcome.objectId, title, undoable: true, trashed: false });
      draft.clearNotes();
      void queryClient.invalidateQueries({ queryKey: keys.savedObject(spaceId, outcome.objectId) });
    }
  }

  async function update() {
    if (!saved || !savedObject.data || !fieldsAreValid()) return;
    const before = editBaseline(savedObject.data, definitions, collections, '');
    const change = changesSince(before, draft, definitions);
    const notes = draft.notesTouched ? draft.notes.trim() : '';
    if (Object.keys(change).length === 0 && notes === '') {
      setStatus({ message: t('statusNothingChanged'), tone: 'info' });
      return;
    }
    const outcome = await send({
      kind: 'update',
      objectId: saved.objectId,
      objectTitle: saved.title,
      source,
      ...change,
      notes,
    });
    if (outcome) draft.markSaved();
    if (outcome?.state === 'landed') {
      draft.clearNotes();
      void queryClient.invalidateQueries({ queryKey: keys.savedObject(spaceId, saved.objectId) });
    }
  }

  async function moveToTrash(restore: boolean) {
    if (!saved) return;
    const clip = {
      kind: restore ? 'restore' : 'trash',
      objectId: saved.objectId,
      objectTitle: saved.title,
      source,
    } as const;
    const outcome = await send(clip, restore ? 'statusRestored' : 'statusMovedToTrash');
    if (outcome?.state === 'landed' || outcome?.state === 'queued') {
      edited.choose({
        ...saved,
        trashed: !restore,
        restorable: outcome.state === 'landed' ? outcome.restorable : undefined,
      });
    }
  }

  // The background alone writes preferences: a pin toggled while a save runs is never lost.
  const togglePin = (tag: { id: string; title: string }) => {
    void sendMessage('togglePinnedTag', { spaceId, tag }).then(() =>
      queryClient.invalidateQueries({ queryKey: keys.preferences }),
    );
  };

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    void (saved ? update() : saveAsNew());
  };
  const appendNotes = (clip: ClipRequest) => {
    if (selectionTooLarge) setStatus({ message: selectionTooLarge, tone: 'error' });
    else void send(clip);
  };
  const canSave = url !== '' && !busy;
  const canAppend = (draft.notes.trim() !== '' || selectionTooLarge !== undefined) && !busy && url !== '';

  return (
    <form ref={invalid.formRef} className="clip-form" onSubmit={submit} noValidate>
      <PageLine url={source.url} iconUrl={tab.data?.favIconUrl} />
      {page.data?.unreadable && <p className="notice">{t(UNREADABLE_KEYS[page.data.unreadable])}</p>}
      {saved && <p className="notice">{t('editingSaved', saved.title)}</p>}
      {belowShown && !saved && (
        <CaptureSlot {...{ spaceId, tabId, draft, pageTitle, selection, prefs, kept, setCapture }} />
      )}

      <WeblinkFields
        spaceId={spaceId}
        draft={draft}
        titleRef={titleRef}
        collections={collections}
        preferences={prefs}
        onTogglePin={togglePin}
        onSubmit={() => submit()}
      />

      {!saved && (
        <KeepChoiceGroup
          keep={kept.keep}
          hasSelection={kept.hasSelection}
          article={kept.articleState}
          onChange={kept.choose}
        />
      )}

      <div className="actions">
        {saved ? (
          <SavedActions
            saved={saved}
            busy={busy}
            loaded={savedObject.data !== undefined}
            onUndo={() => void moveToTrash(false)}
            onRestore={() => void moveToTrash(true)}
            onSaveAgain={() => {
              edited.setAside();
              void saveAsNew();
            }}
          />
        ) : (
          <button type="submit" className="button button-primary" disabled={!canSave}>
            {t('savePage')}
          </button>
        )}
        <DailyNoteButton
          disabled={!canAppend}
          reason={draft.notes.trim() === '' && !selectionTooLarge ? t('appendNothing') : undefined}
          onClick={() => appendNotes(dailyNoteClip(draft.notes, source, noteDay))}
        />
      </div>
      {/* Next to the buttons that cause it, above the properties: seen without scrolling. */}
      <StatusRegion message={shownStatus.message} tone={shownStatus.tone} />

      {belowShown && (
        <>
          <DailyNoteDay day={noteDay} onChange={setNoteDay} />
          <PropertySection
            spaceId={spaceId}
            draft={draft}
            definitions={shownFields}
            formLoading={form.isPending}
            open={fieldsOpen}
            onOpen={setFieldsOpen}
          />
          <AppendToObject
            spaceId={spaceId}
            types={form.data?.appendableTypes ?? []}
            disabled={!canAppend}
            markdown={draft.notes}
            source={source}
            onAppend={appendNotes}
          />
        </>
      )}
    </form>
  );
}

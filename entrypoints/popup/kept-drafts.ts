import { useEffect, useRef } from 'react';
import type { KeepChoice } from '@/lib/messaging';
import { type PopupDraft, popupDraftsItem } from '@/lib/storage';

type Drafts = Record<string, Record<string, PopupDraft>>;

/** The drafts as this popup read them when it opened, and as it wrote them since. */
let drafts: Drafts = {};
/** The last write started. */
let lastWrite: Promise<void> = Promise.resolve();

/**
 * Reads the kept drafts. main.tsx awaits it beside the query cache and the tab, not after them, so
 * the first paint waits for nothing more than before; an unreadable value is only a lost draft.
 */
export async function loadDrafts(): Promise<void> {
  drafts = await popupDraftsItem.getValue().catch(() => ({}));
}

/** The draft kept for this tab and space, when it was typed on the page the tab shows now. */
export function keptDraft(tabId: number | undefined, spaceId: string, url: string): PopupDraft | undefined {
  const draft = tabId === undefined ? undefined : drafts[tabId]?.[spaceId];
  return draft?.url === url ? draft : undefined;
}

function write(tabId: number, spaceId: string, draft: PopupDraft | null): Promise<void> {
  const forTab = { ...drafts[tabId] };
  if (draft) forTab[spaceId] = draft;
  else delete forTab[spaceId];
  const next = { ...drafts };
  if (Object.keys(forTab).length > 0) next[tabId] = forTab;
  else delete next[tabId];
  drafts = next;
  return popupDraftsItem.setValue(drafts);
}

/**
 * Keeps the form's unsaved changes in `storage.session` as they are typed, each change at once: a
 * click on the page closes the popup right away, and a write waiting for a quieter moment (or for
 * the popup's blur, which Firefox did not always deliver before the page went) was lost with it.
 * `storage.session` is memory, so a write per change costs little. `null` forgets the draft (it
 * was saved); `keep` is the Keep choice made in it.
 */
export function useKeptDraft(
  tabId: number | undefined,
  spaceId: string,
  unsaved: PopupDraft | null,
  keep?: KeepChoice | undefined,
): void {
  const draft = unsaved && keep ? { ...unsaved, keep } : unsaved;
  // A draft with nothing but its page is no draft.
  const text = draft && Object.keys(draft).length > 1 ? JSON.stringify(draft) : null;
  const written = useRef<string | null | undefined>(undefined);

  useEffect(() => {
    if (tabId === undefined) return;
    if (written.current === undefined) {
      // The first render shows what is kept already: nothing to write yet.
      const kept = drafts[tabId]?.[spaceId];
      written.current = kept ? JSON.stringify(kept) : null;
    }
    if (text === written.current) return;
    written.current = text;
    lastWrite = write(tabId, spaceId, text === null ? null : (JSON.parse(text) as PopupDraft)).catch(() => undefined);
  }, [tabId, spaceId, text]);
}

/** Closes the popup once the draft is written: a popup's page is gone before a late write lands. */
export function closeKeepingDraft(): void {
  void lastWrite.finally(() => window.close());
}

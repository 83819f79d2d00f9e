import { browser } from 'wxt/browser';
import type { PaceWindow, ServerTraits, Structure } from './api';
import type { KeepChoice, TagRef } from './clips/clip-fields';
import type { FieldValue } from './fields/field-value';
import type { ClipTemplate } from './message-schemas';
import { defineItem, removeKey } from './storage-item';

/**
 * Every `browser.storage` item of the extension, typed, in one place (lib/storage-item.ts).
 *
 * Nothing secret lives here, and nothing the background reads to decide where a request goes or
 * what a clip sends: content scripts can read and write `storage.local` where the browser does not
 * let us close it (Firefox), so tokens, the address each token belongs to, the service settings
 * and the clip choices are kept in the extension's own IndexedDB (`lib/db/`, `lib/choices.ts`),
 * which pages and content scripts cannot open. What is here is for the pages to show.
 */

/** How a connection was made. */
export type ConnectionMethod = 'oauth' | 'token';
/** `needs-sign-in`: the refresh token was refused (or the personal token revoked); clips wait. */
export type ConnectionState = 'connected' | 'needs-sign-in';

/**
 * A connected space, as the pages show it. A token is bound to one space, so there is one
 * connection per space. Where its token goes is kept beside the token (`lib/auth/secrets.ts`).
 */
export interface Connection {
  /** The space id: connections are keyed by the space they reach. */
  spaceId: string;
  spaceTitle: string;
  method: ConnectionMethod;
  /** Scopes granted (OAuth) — personal tokens do not say, so empty for them. */
  scopes: string[];
  state: ConnectionState;
  connectedAt: number;
}

export const connectionsItem = defineItem<Connection[]>('local:connections', {
  fallback: [],
});

/** A tag as the popup remembers it, so suggestions appear before the server answers. */
export interface RememberedTag {
  id: string;
  title: string;
}

/** Per-space choices the popup and the shortcuts reuse (kept by lib/choices.ts). */
export interface SpacePreferences {
  lastCollectionId: string | null;
  /** Preselected in every new clip of the space. */
  pinnedTags: RememberedTag[];
  /** Most recently used first; bounded. */
  recentTags: RememberedTag[];
}

/**
 * The copies the popup and the options page show of the clip choices, written by the background
 * alone beside the values it keeps and reads (lib/choices.ts). The background never reads these.
 */
export const spacePreferencesCopy = defineItem<Record<string, SpacePreferences>>('local:spacePreferences', {
  fallback: {},
});

export const EMPTY_SPACE_PREFERENCES: SpacePreferences = { lastCollectionId: null, pinnedTags: [], recentTags: [] };

/** Each space's clip template: weblink properties filled from the page, and the notes a new clip starts with. */
export const clipTemplatesCopy = defineItem<Record<string, ClipTemplate>>('local:clipTemplates', {
  fallback: {},
});

export const EMPTY_CLIP_TEMPLATE: ClipTemplate = { fieldMappings: [], notesTemplate: '' };

/** Per site (host), what a weblink kept as its body the last time (at most 500 sites, entrypoints/background/save-clip.ts). */
export const keepChoicesCopy = defineItem<Record<string, KeepChoice>>('local:keepChoices', {
  fallback: {},
});

/**
 * Bumped by the background whenever the outbox changes, so an open popup refreshes its view.
 * In `storage.session`: not readable by content scripts, and a restart starts from zero anyway.
 */
export const outboxRevisionItem = defineItem<number>('session:outboxRevision', { fallback: 0 });

/**
 * What the background knows of each server (lib/server-memory.ts): the rate-limit budget of every
 * endpoint, per 60-second window (session storage outlives a stopped worker and need not outlive the
 * browser), and the request forms it takes, which do not change between browser sessions.
 */
export const paceWindowsItem = defineItem<Record<string, PaceWindow>>('session:paceWindows', { fallback: {} });
export const serverTraitsItem = defineItem<Record<string, ServerTraits>>('local:serverTraits', { fallback: {} });

/** Each space's structures and when they were read (entrypoints/background/space-structures.ts). */
export const structuresItem = defineItem<Record<string, { at: number; structures: Structure[] }>>(
  'session:structures',
  { fallback: {} },
);

/** Titles of objects met in search results, per space, for the browser session (entrypoints/background/object-titles.ts). */
export const objectTitlesItem = defineItem<Record<string, Record<string, string>>>('session:objectTitles', {
  fallback: {},
});

/**
 * Disconnects that can still be undone (lib/auth/undoable-disconnect.ts): the hidden connection,
 * whether it was the default, and when it is carried out. In `storage.session`, which content
 * scripts cannot reach: the background revokes tokens by what is here.
 */
export const pendingDisconnectsItem = defineItem<
  Record<string, { connection: Connection; wasDefault: boolean; at: number }>
>('session:pendingDisconnects', { fallback: {} });

/**
 * The popup's TanStack Query cache (queries marked `persist`: connections, the weblink form), so a
 * warm popup paints the whole form before any message is answered. No secret is in it.
 */
export const popupQueryCacheItem = defineItem<string>('local:popupQueryCache');

/**
 * What a person changed in the popup's form and has not saved yet: only the fields they touched
 * (the rest follows the page), for the page it was typed on.
 */
export interface PopupDraft {
  url: string;
  title?: string;
  tags?: TagRef[];
  collection?: string | null;
  values?: Record<string, FieldValue>;
  notes?: string;
  keep?: KeepChoice;
}

/**
 * The popup's unsaved drafts, per tab id and then per space id, so closing the popup loses nothing.
 * In `storage.session`: content scripts cannot read it, and it need not outlive the browser; the
 * background forgets a tab's drafts when the tab closes, the popup forgets one once it is saved.
 */
export const popupDraftsItem = defineItem<Record<string, Record<string, PopupDraft>>>('session:popupDrafts', {
  fallback: {},
});

/** A closed tab's drafts go with it (the background listens to tabs.onRemoved). */
export function forgetTabDrafts(tabId: number): Promise<void> {
  return removeKey(popupDraftsItem, String(tabId));
}

/** A disconnected space's drafts go with it, in every tab (lib/auth/forget-space.ts). */
export async function forgetSpaceDrafts(spaceId: string): Promise<void> {
  const byTab = await popupDraftsItem.getValue();
  let changed = false;
  const kept: typeof byTab = {};
  for (const [tab, bySpace] of Object.entries(byTab)) {
    const { [spaceId]: forgotten, ...others } = bySpace;
    changed ||= forgotten !== undefined;
    if (Object.keys(others).length > 0) kept[tab] = others;
  }
  if (changed) await popupDraftsItem.setValue(kept);
}

/**
 * Whether the popup's "Properties" are shown, remembered because people either use them every time
 * or never. In the popup's own `localStorage`, not `browser.storage`: it decides the first paint,
 * so it is read synchronously, before anything async can answer.
 */
export const fieldsOpenPreference = {
  key: 'space-clipper.fields-open',
  read: (): boolean => globalThis.localStorage?.getItem('space-clipper.fields-open') === 'true',
  write: (open: boolean): void => globalThis.localStorage?.setItem('space-clipper.fields-open', String(open)),
};

/**
 * Closes `storage.local` and `storage.sync` to content scripts where the browser can: Chrome keeps
 * the choice (an extension pref), Firefox ESR 153 has no `setAccessLevel` for these areas. Nothing
 * here is secret, but a page's script should not rewrite what the popup shows either.
 */
export async function restrictStorageToTrustedContexts(): Promise<void> {
  for (const area of [browser.storage.local, browser.storage.sync]) {
    const restrictable = area as { setAccessLevel?: (options: { accessLevel: 'TRUSTED_CONTEXTS' }) => Promise<void> };
    if (typeof restrictable.setAccessLevel !== 'function') continue;
    try {
      await restrictable.setAccessLevel({ accessLevel: 'TRUSTED_CONTEXTS' });
    } catch {
      // Older Chrome offers the call for storage.session only and refuses it for other areas.
    }
  }
}

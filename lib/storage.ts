import { storage } from 'wxt/utils/storage';

/**
 * Every `browser.storage` item of the extension, typed and versioned, in one place.
 *
 * Nothing secret lives here: `storage.local` can be read by content scripts, so tokens are kept in
 * the extension's own IndexedDB (`lib/db.ts`), which pages and content scripts cannot open.
 */

/** What the person chose in the options page. `null` means "the value this build was made for". */
export interface Settings {
  apiBaseUrl: string | null;
  oauthClientId: string | null;
  /** Space used by the context menu, the keyboard shortcuts and a fresh popup. */
  defaultSpaceId: string | null;
  /** Whether daily-note appends get the service's automatic timestamp heading. */
  dailyNoteTimestamp: boolean;
}

export const settingsItem = storage.defineItem<Settings>('local:settings', {
  fallback: { apiBaseUrl: null, oauthClientId: null, defaultSpaceId: null, dailyNoteTimestamp: true },
  version: 1,
});

/** How a connection was made. */
export type ConnectionMethod = 'oauth' | 'token';
/** `needs-sign-in`: the refresh token was refused (or the personal token revoked); clips wait. */
export type ConnectionState = 'connected' | 'needs-sign-in';

/** A connected space. A token is bound to one space, so there is one connection per space. */
export interface Connection {
  /** The space id: connections are keyed by the space they reach. */
  spaceId: string;
  spaceTitle: string;
  method: ConnectionMethod;
  baseUrl: string;
  /** OAuth client the tokens were issued to (OAuth connections only). */
  clientId: string | null;
  /** Scopes granted (OAuth) — personal tokens do not say, so empty for them. */
  scopes: string[];
  state: ConnectionState;
  connectedAt: number;
}

export const connectionsItem = storage.defineItem<Connection[]>('local:connections', {
  fallback: [],
  version: 1,
});

/** A tag as the popup remembers it, so suggestions appear before the server answers. */
export interface RememberedTag {
  id: string;
  title: string;
}

/** Per-space choices the popup and the shortcuts reuse. */
export interface SpacePreferences {
  lastCollectionId: string | null;
  /** Preselected in every new clip of the space. */
  pinnedTags: RememberedTag[];
  /** Most recently used first; bounded. */
  recentTags: RememberedTag[];
}

export const spacePreferencesItem = storage.defineItem<Record<string, SpacePreferences>>('local:spacePreferences', {
  fallback: {},
  version: 1,
});

export const EMPTY_SPACE_PREFERENCES: SpacePreferences = { lastCollectionId: null, pinnedTags: [], recentTags: [] };

/**
 * Bumped by the background whenever the outbox changes, so an open popup refreshes its view.
 * In `storage.session`: not readable by content scripts, and a restart starts from zero anyway.
 */
export const outboxRevisionItem = storage.defineItem<number>('session:outboxRevision', { fallback: 0 });

import { defineExtensionMessaging } from '@webext-core/messaging';
import type { FieldDefinition } from '@/components/field-types';
import type { SerializedApiError } from './api/errors';
import type { PropertyValueInput } from './api/schemas/property-values';
import type { PageMetadata } from './clip/metadata';
import type { SelectionCapture } from './clip/selection';
import type { ClipKind, ClipState, LandedClip, TagRef } from './outbox/types';
import type { Connection } from './storage';

/**
 * The one typed protocol between the extension's pages (popup, options) and the background.
 * The background validates every message's data with zod and accepts these messages only from
 * the extension's own pages (`lib/background/router.ts`): a message is input like any other.
 * No logger is configured: messages carry page text and clip payloads.
 */

/** An answer that can fail: errors cross the message boundary as plain data. */
export type Result<T> = { ok: true; value: T } | { ok: false; error: SerializedApiError };

/** A connection as pages see it: no token, ever. */
export type ConnectionView = Omit<Connection, 'clientId'>;

export interface ServiceSettingsView {
  apiBaseUrl: string;
  oauthClientId: string;
  /** The values this build was made for (what "reset" goes back to). */
  buildApiBaseUrl: string;
  buildOAuthClientId: string;
  defaultSpaceId: string | null;
  dailyNoteTimestamp: boolean;
}

export interface ConnectionsView {
  connections: ConnectionView[];
  settings: ServiceSettingsView;
}

export interface SettingsChange {
  apiBaseUrl?: string | null;
  oauthClientId?: string | null;
  defaultSpaceId?: string;
  dailyNoteTimestamp?: boolean;
}

/** Why a page could not be read by a script (it can still be saved by its address). */
export type Unreadable = 'browser-page' | 'store' | 'pdf' | 'not-scriptable';

/** A tab's page as the background read it. */
export interface PageView {
  url: string;
  title: string;
  metadata: PageMetadata | null;
  selection: SelectionCapture | null;
  unreadable: Unreadable | undefined;
}

/** The weblink structure of a space, as the form renders it. */
export interface WeblinkForm {
  fields: FieldDefinition[];
  collections: { id: string; title: string }[];
  /** The space's object types whose body text can be appended to (for "Add to an object"). */
  appendableTypes: { id: string; title: string }[];
}

/** An object found by title search. */
export interface FoundObject {
  id: string;
  title: string;
  structureId: string;
}

/** Where a clip came from. */
export interface ClipSourceView {
  url: string;
  title: string;
}

/** A clip as a page asks the background to make it. Markdown is split into parts by the background. */
export type ClipRequest =
  | {
      kind: 'page' | 'link';
      url: string;
      title: string;
      tags: TagRef[];
      properties: Record<string, PropertyValueInput>;
      collections?: string[];
      notes: string;
      existingObjectIds: string[];
    }
  | { kind: 'daily-note'; markdown: string; source: ClipSourceView; noTimeStamp?: boolean; date?: string }
  | { kind: 'append'; objectId: string; objectTitle: string; markdown: string; source: ClipSourceView };

/** What became of a clip by the time the background answered. */
export type ClipOutcome =
  | { state: 'landed'; clipId: string; objectId: string | null }
  | { state: 'queued' | 'needs-sign-in' | 'failed'; clipId: string; error: SerializedApiError | null };

/** A clip waiting in the outbox, for the popup's list. */
export interface QueuedClip {
  id: string;
  spaceId: string;
  kind: ClipKind;
  title: string;
  state: ClipState;
  error: SerializedApiError | null;
  /** The tags of a weblink clip, so one the server no longer has can be dropped. */
  tags: { key: string; title: string }[];
  updatedAt: number;
}

export interface OutboxView {
  clips: QueuedClip[];
  history: LandedClip[];
}

export interface ProtocolMap {
  /** Liveness check: the running version and when this background instance started (ms epoch). */
  ping(): { version: string; startedAt: number };
  getConnections(): ConnectionsView;
  saveSettings(change: SettingsChange): Result<ConnectionsView>;
  /** OAuth sign-in; the background opens the authorization window. */
  signIn(): Result<ConnectionView>;
  connectWithToken(data: { token: string }): Result<ConnectionView>;
  disconnect(data: { spaceId: string }): Result<{ revoked: boolean }>;

  /** The page of a tab (metadata, selection), read by the injected content script. */
  readPage(data: { tabId: number }): PageView;
  getWeblinkForm(data: { spaceId: string }): Result<WeblinkForm>;
  searchTags(data: { spaceId: string; query: string }): Result<{ id: string; title: string }[]>;
  searchObjects(data: { spaceId: string; query: string; structureIds?: string[] }): Result<FoundObject[]>;
  /** A weblink of this address already in the space (saved by this extension, or found and confirmed). */
  findSavedPage(data: { spaceId: string; url: string; title: string }): Result<FoundObject | null>;
  /** Queues a clip (durably) and answers after its first attempt, or once it is queued if that takes long. */
  saveClip(data: { spaceId: string; clip: ClipRequest }): Result<ClipOutcome>;
  getOutbox(): OutboxView;
  retryClip(data: { id: string }): void;
  /** Every waiting clip goes now (not those waiting on a 429's Retry-After). */
  retryAllClips(): void;
  discardClip(data: { id: string }): void;
  /** Drops tags (by key: tag id, or title of a new tag) from a clip the server refused. */
  fixClip(data: { id: string; removeTags: string[] }): void;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();

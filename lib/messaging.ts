import { defineExtensionMessaging } from '@webext-core/messaging';
import type { SerializedApiError } from './api/errors';
import type { PropertyValue } from './api/schemas/property-values';
import type { ArticleCapture } from './clip/article';
import type { PageMetadata } from './clip/metadata';
import type { SelectionCapture } from './clip/selection';
import type { ClipState, LandedClip } from './clips/stored-clip';
import type { FieldDefinition } from './fields/field-definition';
import type { HighlightColour } from './highlighter/colours';
import type { MessageKey } from './i18n';
import type { MessageData } from './message-schemas';
import type { Connection, SpacePreferences } from './storage';

/**
 * The one typed protocol between the extension's pages (popup, options) and the background.
 * Each message's data is defined once, as a zod schema (lib/message-schemas.ts), and its type
 * here is `z.infer` of it; the background validates with that schema and accepts these messages
 * only from the extension's own pages (`entrypoints/background/router.ts`): a message is input like any
 * other. No logger is configured: messages carry page text and clip payloads.
 */

export type { AppendRequest } from './clips/append';
export type { ClipSource, KeepChoice, TagRef } from './clips/clip-fields';
export type { DailyNoteRequest } from './clips/daily-note';
export type { ClipRequest } from './clips/registry';
export type { WeblinkRequest } from './clips/weblink';
export type { ClipTemplate, SettingsChange } from './message-schemas';

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
  /** The colour of a new highlight (options page, "Highlight colour"). */
  highlightColour: HighlightColour;
}

export interface ConnectionsView {
  connections: ConnectionView[];
  settings: ServiceSettingsView;
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

/** An object clipped earlier, as the edit view shows it (read with GET /object). */
export interface SavedObjectView {
  objectId: string;
  title: string;
  url: string | null;
  /** Its tags with their titles. */
  tags: { id: string; title: string }[];
  collectionIds: string[];
  /** Its property values as read, keyed by property id. */
  properties: Record<string, PropertyValue>;
  /** Titles of the objects its entity values link to, keyed by id. */
  titles: Record<string, string>;
}

/** A landed clip as the popup's history shows it, with what can still be done to it. */
export interface HistoryEntry extends LandedClip {
  /** Moved to the trash by "Undo" (landed, or waiting to be sent); a later "Restore" brings it back. */
  trashed: boolean;
  /** "Undo" is offered: a weblink saved in the last 7 days, not in the trash. */
  canUndo: boolean;
  /** "Restore" is offered: in the trash, and its server can restore. */
  canRestore: boolean;
  /** A selection added to a daily note or an object: the API cannot take it back. */
  undoImpossible: boolean;
}

/** An object found by title search. */
export interface FoundObject {
  id: string;
  title: string;
  structureId: string;
}

/** A weblink of a page already in the space. */
export interface SavedPage extends FoundObject {
  /**
   * "Undo" (to the trash) is offered: this extension saved it, less than 7 days ago. A weblink found
   * on the server may be someone's for years: it gets "Update", never "Undo".
   */
  undoable: boolean;
}

/** What became of a clip by the time the background answered. */
export type ClipOutcome =
  /** `restorable`: after a move to the trash, whether the server can bring the object back. */
  | { state: 'landed'; clipId: string; objectId: string | null; restorable?: boolean }
  | { state: 'queued' | 'needs-sign-in' | 'failed'; clipId: string; error: SerializedApiError | null };

/** A clip waiting in the outbox, for the popup's list. */
export interface QueuedClip {
  id: string;
  spaceId: string;
  /** Its kind in words (the kind's label). */
  label: MessageKey;
  title: string;
  state: ClipState;
  error: SerializedApiError | null;
  /** The tags of a weblink clip, so one the server no longer has can be dropped. */
  tags: { key: string; title: string }[];
  updatedAt: number;
}

export interface OutboxView {
  clips: QueuedClip[];
  history: HistoryEntry[];
}

/** A highlight of the tab's page, as the popup's "Highlights" list shows it. */
export interface HighlightView {
  /** The block's id in the space, or a provisional id until the space has answered. */
  id: string;
  quote: string;
  colour: HighlightColour;
  /** '' when none. */
  note: string;
  /** 'not-found': it could not be placed on the page ("Not found on this page"). */
  status: 'found' | 'not-found';
}

/** What "Highlight selection" did. */
export type HighlightSelectionOutcome =
  /** Marked on the page and sent as a clip (`outcome`: what became of that clip). */
  | { kind: 'highlighted'; id: string; outcome: ClipOutcome }
  /** No text selected. */
  | { kind: 'no-selection' }
  /** Over `limit` characters: refused. */
  | { kind: 'too-long'; length: number; limit: number }
  /** The selection lies within a highlight: its toolbar was opened on the page instead. */
  | { kind: 'opened'; id: string }
  /** A page no script may run in, or one without the CSS Custom Highlight API. */
  | { kind: 'unreadable' };

export interface ProtocolMap {
  /** Liveness check: the running version and when this background instance started (ms epoch). */
  ping(): { version: string; startedAt: number };
  getConnections(): ConnectionsView;
  saveSettings(change: MessageData<'saveSettings'>): Result<ConnectionsView>;
  /** OAuth sign-in; the background opens the authorization window. */
  signIn(): Result<ConnectionView>;
  connectWithToken(data: MessageData<'connectWithToken'>): Result<ConnectionView>;
  disconnect(data: MessageData<'disconnect'>): Result<{ revoked: boolean }>;

  /** The page of a tab (metadata, selection), read by the injected content script. */
  readPage(data: MessageData<'readPage'>): PageView;
  getWeblinkForm(data: MessageData<'getWeblinkForm'>): Result<WeblinkForm>;
  searchTags(data: MessageData<'searchTags'>): Result<{ id: string; title: string }[]>;
  searchObjects(data: MessageData<'searchObjects'>): Result<FoundObject[]>;
  /**
   * A weblink of this address already in the space: in this extension's history (`where: 'history'`,
   * answered at once), or found on the server by title and confirmed by its URL (`'server'`).
   */
  findSavedPage(data: MessageData<'findSavedPage'>): Result<SavedPage | null>;
  /** An object clipped earlier, as it is now, for the edit view. */
  getSavedObject(data: MessageData<'getSavedObject'>): Result<SavedObjectView>;
  /** Queues a clip (durably) and answers after its first attempt, or once it is queued if that takes long. */
  saveClip(data: MessageData<'saveClip'>): Result<ClipOutcome>;
  getOutbox(): OutboxView;
  retryClip(data: MessageData<'retryClip'>): void;
  /** Every waiting clip goes now (not those waiting on a 429's Retry-After). */
  retryAllClips(): void;
  discardClip(data: MessageData<'discardClip'>): void;
  /** Drops tags (by key: tag id, or title of a new tag) from a clip the server refused. */
  fixClip(data: MessageData<'fixClip'>): void;
  /**
   * Pins or unpins a tag of a space (preselected in every new clip). The background alone writes
   * space preferences, so a pin toggled during a save is never lost to the save's own update.
   */
  togglePinnedTag(data: MessageData<'togglePinnedTag'>): SpacePreferences;
  /**
   * The tab's article, found by the article script (injected only now) and converted to Markdown;
   * `unreadable` where no script may run.
   */
  readArticle(data: MessageData<'readArticle'>): ArticleCapture | { kind: 'unreadable' };
  /** Stores a space's clip template (fields from the page, the notes template). The background alone writes it. */
  saveClipTemplate(data: MessageData<'saveClipTemplate'>): void;

  /** Highlights the tab's selection in the default colour and sends it to the page's weblink in the space. */
  highlightSelection(data: MessageData<'highlightSelection'>): Result<HighlightSelectionOutcome>;
  /**
   * The tab page's highlights in the space, in page order, those not found last; listing draws
   * them on the page (the "come back" behaviour). Empty when the page is not saved.
   */
  listHighlights(data: MessageData<'listHighlights'>): Result<{ highlights: HighlightView[] }>;
  /** Changes one highlight's colour or note, on the page and (through the outbox) in the space. */
  changeHighlight(data: MessageData<'changeHighlight'>): Result<ClipOutcome>;
  /** Removes one highlight from the page and (through the outbox) from the space. */
  removeHighlight(data: MessageData<'removeHighlight'>): Result<ClipOutcome>;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();

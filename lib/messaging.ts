import { defineExtensionMessaging } from '@webext-core/messaging';
import type { SerializedApiError } from './api/errors';
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

export interface ProtocolMap {
  /** Liveness check: the running version and when this background instance started (ms epoch). */
  ping(): { version: string; startedAt: number };
  getConnections(): ConnectionsView;
  saveSettings(change: SettingsChange): Result<ConnectionsView>;
  /** OAuth sign-in; the background opens the authorization window. */
  signIn(): Result<ConnectionView>;
  connectWithToken(data: { token: string }): Result<ConnectionView>;
  disconnect(data: { spaceId: string }): Result<{ revoked: boolean }>;
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();

import type { DBSchema, IDBPDatabase, IDBPTransaction, StoreNames } from 'idb';
import type { StoredClip } from '../clips/registry';
import type { LandedClip } from '../clips/stored-clip';

/**
 * The shape of the extension's own IndexedDB: its stores and the records they hold. It lives in
 * the extension's origin, so neither web pages nor the extension's content scripts (which run in
 * the page's origin) can open it: tokens, and everything that decides where a request goes or what
 * a clip sends, are kept here, not in `storage.local`. The outbox is here too: clips can be large,
 * and each clip is updated on its own instead of rewriting one big storage value. The modules that
 * read and write these records (lib/auth, lib/choices.ts, lib/outbox) build on this one, and the
 * upgrades (lib/db/*-migration.ts) know the records' shapes from here, so nothing here imports
 * them back.
 */
export interface SpaceClipperDb extends DBSchema {
  /**
   * Access/refresh tokens and personal tokens, keyed by the service that issued them and the space
   * (`[baseUrl, spaceId]`): a token of one service never takes the place of another's. A space has
   * one (`bySpace` is unique), as everything else keys a connection by its space id.
   */
  secrets: { key: [string, string]; value: StoredSecret; indexes: { bySpace: string } };
  /**
   * What the person chose, one record each: the service settings (`lib/auth/settings.ts`, under
   * `SERVICE_SETTINGS_KEY`) and what decides what a clip sends, or where (`lib/choices.ts`).
   */
  settings: { key: string; value: unknown };
  /** Refresh tokens still to revoke at the server after a disconnect that could not reach it. */
  revocations: { key: string; value: PendingRevocation };
  /** Clips not yet landed, oldest first by `seq`. */
  outbox: { key: string; value: StoredClip; indexes: { bySeq: number } };
  /** The last landed clips, newest first by `landedAt`. */
  history: { key: string; value: LandedClip; indexes: { byLandedAt: number } };
}

export type Db = IDBPDatabase<SpaceClipperDb>;
export type UpgradeTransaction = IDBPTransaction<SpaceClipperDb, StoreNames<SpaceClipperDb>[], 'versionchange'>;
/** What an older version kept in `storage.local`, by key, as it was read before the upgrade. */
export type LegacyValues = Record<string, unknown>;

export const DB_NAME = 'space-clipper';
/**
 * Bump with a new `upgrade` step; records carry their own `v` for shape migrations.
 * 2: the service settings and each token's address moved here from `storage.local`.
 * 3: tokens keyed by service and space; the clip choices moved here from `storage.local`.
 */
export const DB_VERSION = 3;

/** The service settings' record in the `settings` store. */
export const SERVICE_SETTINGS_KEY = 'service';

/**
 * Where a space's tokens may be sent, kept in the same record as the tokens: only the background
 * can change it, so nothing a page or content script writes can redirect a token.
 */
interface TokenDestination {
  /** The service that issued the token (normalized base URL): every request carrying it goes here. */
  baseUrl: string;
}

/** A personal API token: it does not expire and cannot be refreshed. */
interface PersonalTokenSecret extends TokenDestination {
  spaceId: string;
  method: 'token';
  token: string;
}

/** An OAuth token pair. `expiresAt` is in ms since the epoch. */
export interface OAuthSecret extends TokenDestination {
  spaceId: string;
  method: 'oauth';
  accessToken: string;
  expiresAt: number;
  refreshToken: string | null;
  /** The OAuth client the tokens were issued to: refresh and revocation name it. */
  clientId: string;
}

export type StoredSecret = PersonalTokenSecret | OAuthSecret;

/** A refresh token whose revocation did not reach the server yet (a secret: kept in IndexedDB). */
export interface PendingRevocation {
  id: string;
  baseUrl: string;
  clientId: string;
  refreshToken: string;
  firstTriedAt: number;
}

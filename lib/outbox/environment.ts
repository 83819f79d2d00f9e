import type { WorkspaceApi } from '../api';
import type { StoredClip } from '../clips/registry';
import type { LandedClip } from '../clips/stored-clip';
import type { Db } from '../db/schema';

/** What the outbox needs from its surroundings (the background wires the browser in). */
export interface OutboxEnvironment {
  apiFor(spaceId: string): Promise<WorkspaceApi>;
  /** Whether the space has a connection that is signed in. */
  isConnected(spaceId: string): Promise<boolean>;
  /** Asks for `drain()` to run at that time (null: nothing is waiting on time). */
  wakeAt(at: number | null): void;
  /** The outbox's content changed (badge, open popups). */
  changed(): void;
  landed(stored: StoredClip, landed: LandedClip): void;
  /** A clip stopped for a reason a person must address. */
  failed(stored: StoredClip): void;
  now?(): number;
  random?(): number;
  /** The database; default `db()` of lib/db. Tests give each simulated worker its own connection. */
  database?(): Promise<Db>;
  /** The weblink type's URL property in a space (found by type); unknown: any URL-typed value is compared. */
  weblinkUrlProperty?(spaceId: string): Promise<string | undefined>;
  /**
   * When a request to an endpoint of a space may go (ms epoch), as the API client's pacer knows
   * (lib/api/pacer.ts); the outbox holds a clip back until every endpoint it may call is free.
   */
  endpointReadyAt?(spaceId: string, endpoint: string): Promise<number>;
}

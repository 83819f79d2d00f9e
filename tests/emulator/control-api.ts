import type { ResetOptions } from './context.ts';
import type { FaultRule, FaultRuleInput } from './faults.ts';
import type { ApiObject } from './objects.ts';
import type { ProfileName } from './profile.ts';
import type { RateLimitOptions, RateLimitSettings } from './rate-limit.ts';
import type { LogEntry } from './request-log.ts';
import type { ApiStructure } from './space-routes.ts';
import type { Scope } from './types.ts';
import type { Violation } from './violations.ts';

/**
 * Requests and answers of the `/__emulator/…` control routes. control-routes.ts builds its answers
 * as these types and tests/support/emulator-control.ts reads them, so the two cannot drift apart.
 */

export type { FaultRule, FaultRuleInput, LogEntry, ProfileName, RateLimitOptions, RateLimitSettings, Violation };

export type ResetRequest = ResetOptions;

export interface ClockAnswer {
  now: string;
  offsetSeconds: number;
}

/** An object in `GET /__emulator/state`: the spec profile's shape whatever the active profile, plus bookkeeping. */
export interface StateObject extends ApiObject {
  title: string;
  trashed: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface StateConnection {
  id: string;
  clientId: string;
  spaceId: string;
  scopes: Scope[];
  removed: boolean;
  createdAt: string;
}

export interface StateAnswer extends ClockAnswer {
  profile: ProfileName;
  pendingDailyNotes: number;
  spaces: { id: string; title: string; structures: ApiStructure[]; objects: StateObject[] }[];
  connections: StateConnection[];
}

export interface StateFilter {
  spaceId?: string;
  structureId?: string;
}

export interface LogAnswer {
  entries: LogEntry[];
}

export interface FaultsAnswer {
  faults: FaultRule[];
}

export interface AddedFault {
  id: string;
}

export interface MintTokenRequest {
  spaceId: string;
  scopes?: Extract<Scope, 'api:read' | 'api:write'>[];
  expiresInSeconds?: number;
}

export interface MintedToken {
  token: string;
  spaceId: string;
  scopes: Scope[];
  /** ISO 8601, or null for a token that never expires. */
  expiresAt: string | null;
}

export interface RevokeTokenAnswer {
  revoked: 'personal' | 'connection';
}

export interface DailyNoteDelayAnswer {
  delayMs: number;
  pending: number;
}

export interface ViolationsAnswer {
  violations: Violation[];
}

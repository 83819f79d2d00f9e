import type { TokenKind } from './auth.ts';

/** The request log of `GET /__emulator/log`: what was asked and answered, never a token. */

export interface LogEntry {
  seq: number;
  time: string;
  method: string;
  path: string;
  query: Record<string, string>;
  /** null when the connection was dropped before any processing. */
  status: number | null;
  /** Id of the fault rule that fired, with what it did. */
  fault?: { id: string; action: 'drop-before' | 'drop-after' | 'drop-mid-response' | 'respond' | 'delay' };
  tokenKind: TokenKind;
  clientId?: string;
  grantType?: string;
  /** The `structureIds` a `POST /objects/search` asked for, so a test tells a tag search from another. */
  searchTypes?: string[];
}

/** Query parameters that carry secrets are masked. */
const SECRET_PARAMS = new Set([
  'token',
  'access_token',
  'refresh_token',
  'code',
  'code_verifier',
  'client_secret',
  'signature',
]);
const MAX_ENTRIES = 10_000;

export function loggableQuery(params: URLSearchParams): Record<string, string> {
  const query: Record<string, string> = {};
  for (const [key, value] of params) query[key] = SECRET_PARAMS.has(key) ? '***' : value;
  return query;
}

export class RequestLog {
  #entries: LogEntry[] = [];
  /** Never restarts, so `since` cursors stay valid across clears and resets. */
  #seq = 0;

  add(entry: Omit<LogEntry, 'seq'>): void {
    this.#seq++;
    this.#entries.push({ seq: this.#seq, ...entry });
    if (this.#entries.length > MAX_ENTRIES) this.#entries.splice(0, this.#entries.length - MAX_ENTRIES);
  }

  since(seq: number): LogEntry[] {
    return this.#entries.filter((entry) => entry.seq > seq);
  }

  clear(): void {
    this.#entries = [];
  }
}

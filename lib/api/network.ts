import { AbortedError, type ApiError, NetworkError } from './errors';

/** One HTTP attempt's signals: the caller's and the timeout, combined, so failures can be told apart. */
export interface RequestSignals {
  signal: AbortSignal;
  timeout: AbortSignal;
  caller: AbortSignal | undefined;
  timeoutMs: number;
}

export function requestSignals(timeoutMs: number, caller: AbortSignal | undefined): RequestSignals {
  const timeout = AbortSignal.timeout(timeoutMs);
  return { signal: caller ? AbortSignal.any([caller, timeout]) : timeout, timeout, caller, timeoutMs };
}

/** Node's codes for failures that happen before any byte is sent, so nothing can have been applied. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH']);

/** Browsers give no detail ("Failed to fetch"), so only a known pre-send failure counts as not sent. */
function failedBeforeSending(error: unknown): boolean {
  const cause = error instanceof Error ? error.cause : undefined;
  const code = cause !== null && typeof cause === 'object' && 'code' in cause ? cause.code : undefined;
  return typeof code === 'string' && NOT_SENT_CODES.has(code);
}

export interface FailureContext {
  endpoint: string;
  writes: boolean;
  signals: RequestSignals;
  /** The server had started answering (the body was cut off), so the request surely arrived. */
  answered: boolean;
}

/** A fetch that threw, or a body cut off mid-read: AbortedError when the caller cancelled, else NetworkError. */
export function networkFailure(error: unknown, context: FailureContext): ApiError {
  const sent = context.answered || !failedBeforeSending(error);
  const init = { endpoint: context.endpoint, mayHaveBeenApplied: context.writes && sent, cause: error };
  if (context.signals.caller?.aborted) return new AbortedError(init);
  return new NetworkError({ ...init, timedOut: context.signals.timeout.aborted, timeoutMs: context.signals.timeoutMs });
}

import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  ApiError,
  ForbiddenError,
  InvalidInputError,
  isApiError,
  MalformedResponseError,
  NetworkError,
  NotAuthenticatedError,
  NotFoundError,
  OAuthError,
  parseRetryAfter,
  RateLimitedError,
  ServerError,
  serializeApiError,
} from './errors';

const endpoint = 'POST /object';

describe('error classes', () => {
  it('carry kind, status and a name per class', () => {
    const cases: [ApiError, string, number | undefined][] = [
      [new NotAuthenticatedError({ endpoint }), 'not_authenticated', 401],
      [new ForbiddenError({ endpoint }), 'forbidden', 403],
      [new NotFoundError({ endpoint }), 'not_found', 404],
      [new InvalidInputError({ endpoint, status: 400, detail: 'x' }), 'invalid_input', 400],
      [new RateLimitedError({ endpoint, retryAfterMs: 1000 }), 'rate_limited', 429],
      [new ServerError({ endpoint, status: 503 }), 'server', 503],
      [new NetworkError({ endpoint, timedOut: false }), 'network', undefined],
      [new AbortedError({ endpoint }), 'aborted', undefined],
      [new MalformedResponseError({ endpoint, reason: 'invalid JSON' }), 'malformed_response', undefined],
      [new OAuthError({ endpoint, code: 'invalid_grant' }), 'oauth', undefined],
    ];
    for (const [error, kind, status] of cases) {
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toBeInstanceOf(Error);
      expect(error.kind).toBe(kind);
      expect(error.status).toBe(status);
      expect(error.name).toBe(error.constructor.name);
      expect(error.mayHaveBeenApplied).toBe(false);
      expect(error.message.length).toBeGreaterThan(5);
    }
  });

  it('say whether a local check or the server refused the input', () => {
    expect(new InvalidInputError({ endpoint, detail: 'url is missing' }).message).toBe('Not sent: url is missing');
    expect(new InvalidInputError({ endpoint, status: 400, detail: 'bad date' }).message).toBe(
      'The workspace refused the request: bad date',
    );
  });

  it('tell a developer the wait, the timeout, where an answer was unreadable and the OAuth code (people read describeError)', () => {
    expect(new RateLimitedError({ endpoint, retryAfterMs: 2500 }).message).toContain('3 s');
    expect(new NetworkError({ endpoint, timedOut: true, timeoutMs: 20_000 }).message).toContain('(20 s)');
    expect(new MalformedResponseError({ endpoint, reason: 'invalid JSON' }).message).toContain(
      'POST /object: invalid JSON',
    );
    expect(new OAuthError({ endpoint, code: 'something_new', description: 'd' }).message).toBe(
      'OAuth error something_new: d',
    );
  });
});

describe('serializeApiError and isApiError', () => {
  it('turn an error into plain JSON with the fields the outbox and popup need', () => {
    const error = new RateLimitedError({ endpoint, code: 'cap_rate_limited', retryAfterMs: 5000 });
    const serialized = serializeApiError(error);
    expect(JSON.parse(JSON.stringify(serialized))).toEqual({
      kind: 'rate_limited',
      message: error.message,
      endpoint,
      status: 429,
      code: 'cap_rate_limited',
      retryAfterMs: 5000,
      mayHaveBeenApplied: false,
    });
    expect(serializeApiError(new NetworkError({ endpoint, timedOut: true, mayHaveBeenApplied: true }))).toMatchObject({
      kind: 'network',
      timedOut: true,
      mayHaveBeenApplied: true,
    });
  });

  it('recognise only ApiErrors', () => {
    expect(isApiError(new ServerError({ endpoint, status: 500 }))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError({ kind: 'server' })).toBe(false);
  });
});

describe('parseRetryAfter', () => {
  const now = Date.parse('2024-05-01T10:00:00.000Z');

  it('reads delta seconds, held between a second and five minutes', () => {
    expect(parseRetryAfter('7', now)).toBe(7000);
    expect(parseRetryAfter(' 0 ', now)).toBe(1000);
    expect(parseRetryAfter('3600', now)).toBe(300_000);
  });

  it('reads an HTTP date relative to now; one already past means the shortest wait', () => {
    expect(parseRetryAfter('Wed, 01 May 2024 10:00:42 GMT', now)).toBe(42_000);
    expect(parseRetryAfter('Wed, 01 May 2024 09:00:00 GMT', now)).toBe(1000);
  });

  it('says nothing when missing, unreadable or not believable (the caller then backs off)', () => {
    expect(parseRetryAfter(null, now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
    expect(parseRetryAfter('-5', now)).toBeUndefined();
    expect(parseRetryAfter(String(now), now)).toBeUndefined();
    expect(parseRetryAfter('Fri, 03 May 2024 10:00:00 GMT', now)).toBeUndefined();
    expect(parseRetryAfter(`${' '.repeat(40_000)}7`, now)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import {
  AbortedError,
  type ApiError,
  ForbiddenError,
  InvalidInputError,
  MalformedResponseError,
  NetworkError,
  NotAuthenticatedError,
  NotFoundError,
  OAuthError,
  RateLimitedError,
  ServerError,
  serializeApiError,
} from './api/errors';
import { describeError } from './error-text';

const endpoint = 'POST /object/url';
const text = (error: ApiError, context?: 'token') => describeError(serializeApiError(error), context);

describe('describeError: one text per error, from its data', () => {
  it('not authenticated: sign in again, or (checking a token) the token was refused', () => {
    expect(text(new NotAuthenticatedError({ endpoint }))).toMatch(/^Your connection to this space has ended/);
    expect(text(new NotAuthenticatedError({ endpoint }), 'token')).toMatch(/^The workspace did not accept this token/);
  });

  it('forbidden and not found', () => {
    expect(text(new ForbiddenError({ endpoint }))).toMatch(/read-only/);
    expect(text(new NotFoundError({ endpoint }))).toMatch(/no longer has that object/);
  });

  it('invalid input: the server refused it with its own words, or it was not sent, or a code of its own', () => {
    const refused = new InvalidInputError({ endpoint, status: 400, detail: 'Unknown tag id: x (see docs: tags)' });
    expect(text(refused)).toBe('The workspace refused it: Unknown tag id: x (see docs: tags)');
    expect(text(new InvalidInputError({ endpoint, detail: 'url: must be an http(s) address' }))).toBe(
      'Not sent: url: must be an http(s) address',
    );
    expect(text(new InvalidInputError({ endpoint: 'token', code: 'token_prefix', detail: 'x' }))).toMatch(/cap-api-/);
    const large = new InvalidInputError({
      endpoint: 'clip',
      code: 'clip_too_large',
      detail: 'x',
      params: ['7.2', '5'],
    });
    expect(text(large)).toMatch(/^The selection is 7\.2 MB; at most 5 MB can be clipped/);
  });

  it('rate limited: with the wait when it is known, without it when not', () => {
    expect(text(new RateLimitedError({ endpoint, retryAfterMs: 2_500 }))).toBe(
      'The workspace asks to slow down; trying again in 3 s.',
    );
    expect(text(new RateLimitedError({ endpoint, retryAfterMs: undefined }))).toMatch(/in a moment/);
  });

  it('server, network, timeout and cancellation', () => {
    expect(text(new ServerError({ endpoint, status: 503 }))).toMatch(/HTTP 503/);
    expect(text(new NetworkError({ endpoint, timedOut: false }))).toMatch(/^Could not reach the workspace/);
    expect(text(new NetworkError({ endpoint, timedOut: true, timeoutMs: 20_000 }))).toMatch(/did not answer in time/);
    expect(text(new AbortedError({ endpoint }))).toBe('The request was cancelled.');
  });

  it('a malformed answer shows its reason once, with no stray punctuation; a redirect says so', () => {
    const html = new MalformedResponseError({ endpoint, status: 200, reason: 'an HTML page instead of JSON' });
    expect(text(html)).toBe(
      'The workspace answered with something unexpected (an HTML page instead of JSON). Check the API base URL.',
    );
    const redirected = new MalformedResponseError({ endpoint, status: 302, code: 'redirected', reason: 'x' });
    expect(text(redirected)).toMatch(/^The workspace answered with a redirect/);
  });

  it('OAuth: the explanation of the code, and the code', () => {
    expect(text(new OAuthError({ endpoint, code: 'access_denied' }))).toMatch(
      /You chose not to connect.*access_denied/,
    );
    expect(text(new OAuthError({ endpoint, code: 'temporarily_unavailable' }))).toMatch(/busy/);
    expect(text(new OAuthError({ endpoint, code: 'made_up' }))).toMatch(/^Sign-in failed.*made_up/);
  });
});

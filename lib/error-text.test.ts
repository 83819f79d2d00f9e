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
    expect(text(new NotAuthenticatedError({ endpoint }), 'token')).toMatch(
      /^Workspace Notes did not accept this token/,
    );
  });

  it('forbidden and not found', () => {
    expect(text(new ForbiddenError({ endpoint }))).toMatch(/read-only/);
    expect(text(new NotFoundError({ endpoint }))).toMatch(/^Workspace Notes no longer has it/);
  });

  it('invalid input: the server refused it with its own words, or it was not sent, or a code of its own', () => {
    const refused = new InvalidInputError({ endpoint, status: 400, detail: 'Unknown tag id: x (see docs: tags)' });
    expect(text(refused)).toBe(
      'Workspace Notes did not accept this: “Unknown tag id: x (see docs: tags)”. Nothing was changed there; correct it and try again.',
    );
    expect(text(new InvalidInputError({ endpoint, detail: 'url: must be an http(s) address' }))).toBe(
      'Not sent: “url: must be an http(s) address”. Nothing left this device; correct it and try again.',
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
      'Workspace Notes asks Space Clipper to slow down; it tries again in 3 s. Nothing is lost.',
    );
    expect(text(new RateLimitedError({ endpoint, retryAfterMs: undefined }))).toMatch(/in a moment/);
  });

  it('server, network, timeout and cancellation', () => {
    expect(text(new ServerError({ endpoint, status: 503 }))).toMatch(
      /^Workspace Notes had a problem on its side; nothing is lost/,
    );
    expect(text(new NetworkError({ endpoint, timedOut: false }))).toMatch(/^Could not reach Workspace Notes/);
    expect(text(new NetworkError({ endpoint, timedOut: true, timeoutMs: 20_000 }))).toMatch(/did not answer in time/);
    expect(text(new AbortedError({ endpoint }))).toBe('The request was cancelled.');
  });

  it('a malformed answer says what happens next, without its technical reason; a redirect says so', () => {
    const html = new MalformedResponseError({ endpoint, status: 200, reason: 'an HTML page instead of JSON' });
    expect(text(html)).toBe(
      'Workspace Notes answered in a way Space Clipper cannot read. Clips wait on this device and are tried again; if this keeps happening, check the Workspace Notes address in the settings.',
    );
    const redirected = new MalformedResponseError({ endpoint, status: 302, code: 'redirected', reason: 'x' });
    expect(text(redirected)).toMatch(/^Workspace Notes sent Space Clipper on to another address/);
  });

  it('OAuth: the explanation of the code, without the code', () => {
    expect(text(new OAuthError({ endpoint, code: 'access_denied' }))).toBe(
      'You chose not to connect, so nothing was changed. To connect, sign in again and allow access.',
    );
    expect(text(new OAuthError({ endpoint, code: 'temporarily_unavailable' }))).toMatch(/busy/);
    expect(text(new OAuthError({ endpoint, code: 'made_up' }))).toMatch(/^Sign-in failed, so nothing was connected/);
  });

  describe('no machinery in what a person reads (docs/words.md)', () => {
    const everyError: ApiError[] = [
      new NotAuthenticatedError({ endpoint }),
      new ForbiddenError({ endpoint }),
      new NotFoundError({ endpoint }),
      new InvalidInputError({ endpoint, status: 400, detail: undefined }),
      new InvalidInputError({ endpoint, status: 422, detail: 'Title too long' }),
      new RateLimitedError({ endpoint, retryAfterMs: 1_000 }),
      new ServerError({ endpoint, status: 503 }),
      new NetworkError({ endpoint, timedOut: false }),
      new NetworkError({ endpoint, timedOut: true, timeoutMs: 20_000 }),
      new MalformedResponseError({ endpoint, status: 418, reason: 'unexpected HTTP status 418' }),
      new MalformedResponseError({ endpoint, status: 200, reason: 'x' }),
      new OAuthError({ endpoint, code: 'access_denied' }),
      new OAuthError({ endpoint, code: 'invalid_grant' }),
      new OAuthError({ endpoint, code: 'made_up' }),
    ];

    it.each(everyError.map((error) => [`${error.kind} ${error.code ?? error.status ?? ''}`, error] as const))(
      '%s: no HTTP status, endpoint or error code',
      (_, error) => {
        const shown = text(error);
        expect(shown).not.toMatch(/HTTP|\b\d{3}\b|\/object|POST|[a-z]+_[a-z]+/);
      },
    );

    it('a refusal without the server’s words says so, rather than "HTTP 400"', () => {
      expect(text(new InvalidInputError({ endpoint, status: 400, detail: undefined }))).toBe(
        'Workspace Notes did not accept this and did not say why. Nothing was changed there; check what you entered and try again.',
      );
    });

    it('a lost network is a connection to check, not the API base URL', () => {
      expect(text(new NetworkError({ endpoint, timedOut: false }))).not.toMatch(/API base URL/);
      expect(text(new NetworkError({ endpoint, timedOut: false }))).toMatch(/internet connection/);
    });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createWorkspaceApi, InvalidInputError } from '../../lib/api';
import { VERSION_HEADER } from '../emulator/version-header.ts';
import { rejectionOf, setUpEmulator, staticAuth, TOKENS } from './harness';

/**
 * The API-version header against a published profile that requires it (the published reference
 * says a public client states the live service does): a client configured with it, as every
 * extension build is unless its build names none, is served; one without it sends no such header
 * at all, and is refused.
 */

const context = setUpEmulator({ profile: 'published' });

beforeEach(() => context.control.reset({ profile: 'published', requireVersionHeader: VERSION_HEADER }));

/** A client whose requests' headers are kept, each as a plain object. */
function recordingClient(headers?: Record<string, string>) {
  const sent: Record<string, string>[] = [];
  const api = createWorkspaceApi({
    baseUrl: context.url,
    auth: staticAuth(TOKENS.demo),
    ...(headers ? { headers } : {}),
    fetch: (input, init) => {
      sent.push(Object.fromEntries(new Headers(init?.headers).entries()));
      return fetch(input, init);
    },
  });
  return { api, sent };
}

describe('the API-version header', () => {
  it('required and sent: every request carries it, and the service answers each', async () => {
    const { api, sent } = recordingClient({ [VERSION_HEADER]: '1.0.0' });
    expect((await api.getSpace()).title).toBe('Demo space');
    const weblink = await api.createWeblink({ url: 'https://example.com/versioned', markdown: 'Notes' });
    await api.search({ query: 'Versioned', limit: 5 });
    expect(weblink.id).toBeTruthy();
    expect(sent.length).toBeGreaterThanOrEqual(3);
    expect(sent.map((headers) => headers[VERSION_HEADER.toLowerCase()])).toEqual(sent.map(() => '1.0.0'));
    expect(await context.control.violations()).toEqual([]);
  });

  it('name unset: nothing of the kind is sent, and a service that requires it refuses', async () => {
    const { api, sent } = recordingClient();
    const refused = await rejectionOf(api.getSpace());
    expect(refused).toBeInstanceOf(InvalidInputError);
    expect(refused).toMatchObject({ status: 400, detail: expect.stringContaining(VERSION_HEADER) });
    expect(sent).toHaveLength(1);
    expect(Object.keys(sent[0] ?? {}).sort()).toEqual(['accept', 'authorization']);
  });
});

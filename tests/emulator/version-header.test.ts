import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { emulatorControl } from '../support/emulator-control.ts';
import { DEMO_TOKENS } from './seed.ts';
import { type RunningEmulator, startEmulator } from './server.ts';
import { VERSION_HEADER } from './version-header.ts';

/** The published profile started with `requireVersionHeader` (`--require-version-header NAME`). */
let emulator: RunningEmulator;

beforeAll(async () => {
  emulator = await startEmulator({ port: 0, profile: 'published', requireVersionHeader: VERSION_HEADER });
});
afterAll(() => emulator.close());
beforeEach(() => emulator.reset());

function getSpace(headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${emulator.url}/space`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}`, ...headers } });
}

describe('the API-version header, when the published profile requires it', () => {
  it('answers a request without it 400 with the reference’s error body, and records a violation', async () => {
    const refused = await getSpace();
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      code: 'cap_invalid_input',
      message: `The ${VERSION_HEADER} header is required (the API version, e.g. 1.0.0)`,
    });
    expect(emulator.violations()).toEqual([
      expect.objectContaining({
        method: 'GET',
        path: '/space',
        status: 400,
        reason: expect.stringContaining(VERSION_HEADER),
      }),
    ]);
  });

  it('answers a request with it as usual, whatever the case of its name', async () => {
    expect((await getSpace({ [VERSION_HEADER]: '1.0.0' })).status).toBe(200);
    expect((await getSpace({ [VERSION_HEADER.toLowerCase()]: '1.0.0' })).status).toBe(200);
    expect(emulator.violations()).toEqual([]);
  });

  it('is not asked of OAuth, the test controls, nor the spec profile', async () => {
    expect((await fetch(`${emulator.url}/.well-known/oauth-authorization-server`)).status).toBe(200);
    expect((await emulatorControl(emulator.url).state()).profile).toBe('published');
    emulator.switchProfile('spec');
    expect((await getSpace()).status).toBe(200);
    expect(emulator.violations()).toEqual([]);
  });

  it('is allowed in CORS preflights, under the name required and the emulator’s own', async () => {
    await emulatorControl(emulator.url).reset({ profile: 'published', requireVersionHeader: 'X-Other-Api-Version' });
    const preflight = await fetch(`${emulator.url}/space`, {
      method: 'OPTIONS',
      headers: {
        Origin: 'chrome-extension://abc',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': `authorization,${VERSION_HEADER.toLowerCase()},x-other-api-version`,
      },
    });
    expect(preflight.status).toBe(204);
    const allowed = preflight.headers.get('access-control-allow-headers')?.toLowerCase().split(',') ?? [];
    expect(allowed).toEqual(expect.arrayContaining([VERSION_HEADER.toLowerCase(), 'x-other-api-version']));
  });

  it('follows a reset: required under the name it names, else as at startup', async () => {
    const control = emulatorControl(emulator.url);
    await control.reset({ profile: 'published', requireVersionHeader: 'X-Other-Api-Version' });
    expect((await getSpace({ [VERSION_HEADER]: '1.0.0' })).status).toBe(400);
    expect((await getSpace({ 'X-Other-Api-Version': '1.0.0' })).status).toBe(200);
    await control.reset();
    expect((await getSpace()).status).toBe(400);
    await expect(control.reset({ requireVersionHeader: 'not a header' })).rejects.toThrow(/answered 400/);
  });
});

describe('the published profile started without requireVersionHeader', () => {
  it('takes requests with the header and without it', async () => {
    const plain = await startEmulator({ port: 0, profile: 'published' });
    try {
      const get = (headers: Record<string, string>) =>
        fetch(`${plain.url}/space`, { headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}`, ...headers } });
      expect((await get({})).status).toBe(200);
      expect((await get({ [VERSION_HEADER]: '1.0.0' })).status).toBe(200);
      expect(plain.violations()).toEqual([]);
    } finally {
      await plain.close();
    }
  });
});

import { afterEach, describe, expect, it, vi } from 'vitest';

/** What the build settings bake into a build (wxt.config.ts → lib/build-config.ts). */
async function headersOfBuild(env: Record<string, string>): Promise<unknown> {
  for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
  vi.resetModules();
  const { BUILD_DEFINES } = await import('../../wxt.config.ts');
  return JSON.parse(BUILD_DEFINES.__API_HEADERS__);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the API-version header build settings', () => {
  it('take the header’s name and value beside the base URL', async () => {
    expect(
      await headersOfBuild({
        SPACE_CLIPPER_API_VERSION_HEADER: 'X-Notes-Api-Version',
        SPACE_CLIPPER_API_VERSION: '1.1.0',
      }),
    ).toEqual({ 'X-Notes-Api-Version': '1.1.0' });
  });

  it('name unset (empty): the build sends no header', async () => {
    expect(await headersOfBuild({ SPACE_CLIPPER_API_VERSION_HEADER: '' })).toEqual({});
  });
});

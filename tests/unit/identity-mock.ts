import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

/** Chrome's redirect URL for the dev/test extension id (see wxt.config.ts). */
export const FAKE_REDIRECT_URL = 'https://kooidenmidbebafggpphlmfpiafeiocd.chromiumapp.org/';

/**
 * `@webext-core/fake-browser` has no `identity` API. This mock implements the two calls the
 * extension uses; a test decides what the "authorization server" answers by replacing
 * `launchWebAuthFlow`'s implementation (`vi.mocked(browser.identity.launchWebAuthFlow)`).
 */
export function installIdentityMock(): void {
  const identity = {
    getRedirectURL: vi.fn((path = '') => FAKE_REDIRECT_URL + path),
    launchWebAuthFlow: vi.fn(async (_details: { url: string; interactive?: boolean }): Promise<string> => {
      throw new Error('launchWebAuthFlow: no answer configured in this test');
    }),
  };
  Object.assign(fakeBrowser, { identity });
}

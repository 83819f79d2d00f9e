import { vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type LaunchWebAuthFlow = (details: { url: string; interactive?: boolean }) => Promise<string>;

/**
 * What the browser does for `identity.launchWebAuthFlow` against the emulator: open its
 * authorization URL, answer the consent form, and resolve with the redirect it lands on. `answer`
 * may rewrite that redirect (a forged `state`, a replayed code).
 */
export function answerConsent(
  decision: 'approve' | 'deny',
  spaceId: string,
  answer: (redirect: URL) => URL = (redirect) => redirect,
): ReturnType<typeof vi.fn<LaunchWebAuthFlow>> {
  const launch = vi.fn<LaunchWebAuthFlow>(async ({ url }) => {
    const authorize = new URL(url);
    const form = new URLSearchParams(authorize.searchParams);
    form.set('space_id', spaceId);
    form.set('decision', decision);
    const response = await fetch(`${authorize.origin}${authorize.pathname}`, {
      method: 'POST',
      body: form,
      redirect: 'manual',
    });
    const location = response.headers.get('location');
    if (!location) throw new Error(`the consent page did not redirect (HTTP ${response.status})`);
    return answer(new URL(location)).href;
  });
  (fakeBrowser as unknown as { identity: { launchWebAuthFlow: LaunchWebAuthFlow } }).identity.launchWebAuthFlow =
    launch;
  return launch;
}

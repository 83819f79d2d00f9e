import { browser } from 'wxt/browser';
import { REVISIT_ORIGINS, REVISIT_SCRIPT, REVISIT_SCRIPT_ID } from '@/lib/highlight-revisit';

/**
 * The option "Show my highlights when I revisit a page": on means the script is registered and
 * the sites granted. The browser is the only record of it (a registration, a grant), so what the
 * checkbox shows cannot drift from what runs: a grant withdrawn in the browser's own settings
 * shows the option off.
 */
export async function revisitIsOn(): Promise<boolean> {
  const [scripts, granted] = await Promise.all([
    browser.scripting.getRegisteredContentScripts({ ids: [REVISIT_SCRIPT_ID] }),
    browser.permissions.contains({ origins: REVISIT_ORIGINS }),
  ]);
  return scripts.length > 0 && granted;
}

async function unregister(): Promise<void> {
  const scripts = await browser.scripting.getRegisteredContentScripts({ ids: [REVISIT_SCRIPT_ID] });
  if (scripts.length > 0) await browser.scripting.unregisterContentScripts({ ids: [REVISIT_SCRIPT_ID] });
}

/**
 * Asks for the sites, then registers the script; false when the person refused. To be called
 * from the click itself: the permission request is its first step, before anything is awaited,
 * as the browser asks only within a user gesture.
 */
export async function turnRevisitOn(): Promise<boolean> {
  const granted = await browser.permissions.request({ origins: REVISIT_ORIGINS }).catch(() => false);
  if (!granted) return false;
  await unregister();
  await browser.scripting.registerContentScripts([
    {
      id: REVISIT_SCRIPT_ID,
      matches: REVISIT_ORIGINS,
      js: [REVISIT_SCRIPT],
      runAt: 'document_idle',
      allFrames: false,
      persistAcrossSessions: true,
    },
  ]);
  return true;
}

/** Unregisters the script and gives the sites back. */
export async function turnRevisitOff(): Promise<void> {
  await unregister();
  await browser.permissions.remove({ origins: REVISIT_ORIGINS });
}

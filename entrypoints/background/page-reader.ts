import { browser } from 'wxt/browser';
import type { PageView } from '@/lib/messaging';
import { PAGE_READER, runInPage } from './run-in-page';

/** Pages no extension may script: browser pages, stores, viewers. */
const RESTRICTED_SCHEMES = [
  'chrome:',
  'chrome-extension:',
  'moz-extension:',
  'edge:',
  'about:',
  'view-source:',
  'devtools:',
  'chrome-search:',
  'resource:',
  'data:',
];
const STORE_HOSTS = [
  'chromewebstore.google.com',
  'chrome.google.com',
  'addons.mozilla.org',
  'microsoftedge.microsoft.com',
];

/** Why a page cannot be read, or undefined when a script may try. */
export function unreadableReason(url: string | undefined): PageView['unreadable'] {
  if (!url) return 'browser-page';
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return 'browser-page';
  }
  if (RESTRICTED_SCHEMES.includes(parsed.protocol)) return 'browser-page';
  if (STORE_HOSTS.includes(parsed.hostname)) return 'store';
  if (/\.pdf$/i.test(parsed.pathname)) return 'pdf';
  return undefined;
}

/**
 * Reads the tab's page through the page reader script. Where no script can run, answers
 * with what the browser knows (address and tab title) and says why, so the page can still be
 * saved by its URL.
 */
export async function readPage(tabId: number): Promise<PageView> {
  const tab = await browser.tabs.get(tabId);
  const url = tab.url ?? tab.pendingUrl ?? '';
  const fallback = (unreadable: PageView['unreadable']): PageView => ({
    url,
    title: tab.title || url,
    metadata: null,
    selection: null,
    unreadable,
  });
  const reason = unreadableReason(url);
  if (reason) return fallback(reason);
  const capture = await runInPage(tabId, PAGE_READER);
  if (!capture) return fallback('not-scriptable');
  if (capture.contentType === 'application/pdf') return fallback('pdf');
  return {
    url,
    title: capture.metadata.title,
    metadata: capture.metadata,
    selection: capture.selection,
    unreadable: undefined,
  };
}

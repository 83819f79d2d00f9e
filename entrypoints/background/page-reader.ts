import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import {
  MAX_METADATA_CODE_LENGTH,
  MAX_METADATA_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
} from '@/lib/clip/capture-limits';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';
import type { PageCapture } from '@/lib/clip/page-capture';
import type { PageView } from '@/lib/messaging';
import { PAGE_READER_SCRIPT } from './injected-scripts';

const text = (max: number) => z.string().check(z.maxLength(max));
const count = () => z.number().check(z.int(), z.nonnegative());

/**
 * The page reader's answer, as the background accepts it. It is built from the page, which
 * may be hostile, so it is checked like any input: the shape, and a cap on every length, so that
 * a page cannot push an unbounded answer into the worker and the popup.
 */
const pageCaptureSchema = z.strictObject({
  metadata: z.strictObject({
    title: text(MAX_TITLE_LENGTH),
    url: text(MAX_URL_LENGTH),
    canonicalUrl: text(MAX_URL_LENGTH),
    author: z.nullable(text(MAX_METADATA_TEXT_LENGTH)),
    siteName: z.nullable(text(MAX_METADATA_TEXT_LENGTH)),
    publishedAt: z.nullable(text(MAX_METADATA_CODE_LENGTH)),
    description: z.nullable(text(MAX_METADATA_TEXT_LENGTH)),
    faviconUrl: text(MAX_URL_LENGTH),
    language: z.nullable(text(MAX_METADATA_CODE_LENGTH)),
  }),
  selection: z.nullable(
    z.strictObject({
      // Characters: Markdown within the byte limit has at most as many.
      markdown: text(MAX_CLIP_BYTES),
      text: text(MAX_CLIP_BYTES),
      wordCount: count(),
      oversizedBytes: z.optional(count()),
    }),
  ),
  contentType: text(MAX_METADATA_CODE_LENGTH),
});

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
  try {
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      files: [PAGE_READER_SCRIPT],
    });
    const parsed = pageCaptureSchema.safeParse(injection?.result);
    // No answer, or one the page reader cannot have given: read nothing from it.
    if (!parsed.success) return fallback('not-scriptable');
    const capture: PageCapture = parsed.data;
    if (capture.contentType === 'application/pdf') return fallback('pdf');
    return {
      url,
      title: capture.metadata.title,
      metadata: capture.metadata,
      selection: capture.selection,
      unreadable: undefined,
    };
  } catch {
    // No host access (no activeTab grant), a discarded tab, or a page the browser protects.
    return fallback('not-scriptable');
  }
}

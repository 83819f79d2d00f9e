import { type Browser, browser } from 'wxt/browser';
import { WEBLINK_STRUCTURE } from '@/lib/api';
import { getConnection } from '@/lib/auth/connections';
import { trustedClipSettings, trustedClipTemplates, trustedKeepChoices } from '@/lib/choices';
import { defaultKeep, prefillApplies } from '@/lib/clip/clip-prefill';
import { plainTextToMarkdown } from '@/lib/clip/plain-text';
import { quoteWithSource } from '@/lib/clip/quote';
import { clipOutcome } from '@/lib/clip-outcome';
import { clipTooLargeText } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import type { ClipOutcome, ClipRequest, PageView, Result } from '@/lib/messaging';
import { siteOf } from '@/lib/page-url';
import { EMPTY_CLIP_TEMPLATE } from '@/lib/storage';
import { highlightSelection, refreshHighlights } from './highlights';
import { showNotification } from './notify';
import { prefillInPage } from './page-prefill';
import { readPage } from './page-reader';
import { asResult } from './router';
import { saveClip } from './save-clip';
import { savedInHistory, savedOnServer } from './saved-pages';
import { structuresFor } from './space-structures';
import { weblinkDefaults } from './weblink-defaults';

/**
 * Clips made without the popup (context menu, keyboard shortcut), with the remembered defaults:
 * the default space, its pinned tags and last collection. Each confirms with a badge and a
 * notification, and a failure says why. No person reviews what they send, so every choice is read
 * from the background's own copy (lib/choices.ts), never from `storage.local`.
 */

type Tab = Browser.tabs.Tab;

export const MENU_SAVE_PAGE = 'save-page';
export const MENU_SAVE_LINK = 'save-link';
export const MENU_DAILY_NOTE = 'add-selection-to-daily-note';
export const MENU_HIGHLIGHT = 'highlight-selection';
// The keyboard commands (wxt.config.ts) are named as the menu entries that do the same.

/** The context-menu entries; created on install and update (the browser keeps them). */
export function createMenus(): void {
  browser.contextMenus.removeAll(() => {
    browser.contextMenus.create({ id: MENU_SAVE_PAGE, title: t('menuSavePage'), contexts: ['page'] });
    browser.contextMenus.create({ id: MENU_SAVE_LINK, title: t('menuSaveLink'), contexts: ['link'] });
    browser.contextMenus.create({ id: MENU_DAILY_NOTE, title: t('menuAddToDailyNote'), contexts: ['selection'] });
    browser.contextMenus.create({ id: MENU_HIGHLIGHT, title: t('highlightSelection'), contexts: ['selection'] });
  });
}

/** The default space, or a notification saying none is connected (and the options page). */
async function defaultSpace(): Promise<string | undefined> {
  const { defaultSpaceId } = await trustedClipSettings.getValue();
  if (defaultSpaceId && (await getConnection(defaultSpaceId))) return defaultSpaceId;
  await showNotification('not-connected', t('notifyNotConnected'), t('notConnected'));
  await browser.runtime.openOptionsPage();
  return undefined;
}

async function confirmOutcome(result: Result<ClipOutcome>, title: string, note?: string): Promise<void> {
  const clipId = result.ok ? result.value.clipId : '';
  const { state, reason } = clipOutcome(result);
  if (state === 'landed') {
    await flashBadge();
    // The landing itself is notified by the outbox; a fallback note is worth its own line.
    if (note) await showNotification(`note-${clipId}`, title, note);
  } else if (state === 'waiting') {
    await showNotification(`queued-${clipId}`, t('notifyQueued', title), reason);
  } else {
    await showNotification(`failed-${Date.now()}`, t('notifyFailed', title), reason);
  }
}

/** A short tick on the action, unless clips are waiting (their count is the badge then). */
async function flashBadge(): Promise<void> {
  const current = await browser.action.getBadgeText({});
  if (current !== '') return;
  await browser.action.setBadgeBackgroundColor({ color: '#1a7f37' });
  await browser.action.setBadgeText({ text: '✓' });
  setTimeout(() => {
    void browser.action.getBadgeText({}).then((text) => {
      if (text === '✓') void browser.action.setBadgeText({ text: '' });
    });
  }, 3_000);
}

/** "Save page": the tab's page as a weblink, with its cleaned title when the page can be read. */
export async function savePage(tab: Tab): Promise<void> {
  const spaceId = await defaultSpace();
  if (!spaceId || tab.id === undefined) return;
  const page = await readPage(tab.id);
  if (await toldAlreadySaved(spaceId, page.url, page.title)) return;
  const defaults = await weblinkDefaults(spaceId);
  const clip: ClipRequest = {
    kind: 'page',
    url: page.url,
    title: page.title,
    ...defaults,
    ...(await fromTemplate(spaceId, tab.id, page)),
  };
  await confirmOutcome(await asResult(() => saveClip(spaceId, clip)), page.title);
}

/**
 * What the space's clip template and the Keep remembered for the site give a page saved without
 * the popup: its mapped properties, its notes, and its article when that is kept. The article
 * script applies the template in the page (entrypoints/article-reader/article-script.ts); where no script may run,
 * the page is saved by its title and address alone.
 */
async function fromTemplate(spaceId: string, tabId: number, page: PageView) {
  const template = (await trustedClipTemplates.getValue())[spaceId] ?? EMPTY_CLIP_TEMPLATE;
  const keep = defaultKeep((await trustedKeepChoices.getValue())[siteOf(page.url)], false);
  if (page.unreadable || !prefillApplies(template, keep)) return { keep };
  const prefill = await prefillInPage(tabId, {
    template,
    definitions: template.fieldMappings.length > 0 ? await weblinkDefinitions(spaceId) : [],
    keep,
    page: { url: page.url, title: page.title, metadata: page.metadata, selection: null },
    now: Date.now(),
  });
  return { ...prefill, keep };
}

/** The weblink type's definitions of a space; none when they cannot be read now (the clip still goes). */
async function weblinkDefinitions(spaceId: string) {
  const structures = await structuresFor(spaceId).catch(() => []);
  return structures.find((structure) => structure.id === WEBLINK_STRUCTURE)?.propertyDefinitions ?? [];
}

/**
 * A quick clip of a page already in the space makes no second weblink: it says so instead (saving
 * again is the popup's explicit action). When the server cannot be asked, the clip is made: a
 * duplicate is a smaller harm than a lost clip.
 */
async function toldAlreadySaved(spaceId: string, url: string, title: string): Promise<boolean> {
  const found = (await savedInHistory(spaceId, url)) ?? (await savedOnServer(spaceId, url, title).catch(() => null));
  if (found === null) return false;
  await showNotification(`already-${found.id}`, t('notifyAlreadySaved'), found.title);
  return true;
}

/** "Save link": the link under the pointer as a weblink, titled by its text when the browser gives it. */
export async function saveLink(linkUrl: string, linkText: string | undefined): Promise<void> {
  const spaceId = await defaultSpace();
  if (!spaceId) return;
  const title = linkText?.trim() || linkUrl;
  if (await toldAlreadySaved(spaceId, linkUrl, title)) return;
  const clip: ClipRequest = { kind: 'link', url: linkUrl, title, ...(await weblinkDefaults(spaceId)) };
  await confirmOutcome(await asResult(() => saveClip(spaceId, clip)), title);
}

/**
 * "Add selection to daily note": the selection as Markdown with its source. Where no script can
 * read the page, the plain text the browser handed over is used instead, and the person is told.
 */
export async function addSelectionToDailyNote(tab: Tab, selectionText: string | undefined): Promise<void> {
  const spaceId = await defaultSpace();
  if (!spaceId || tab.id === undefined) return;
  const page = await readPage(tab.id);
  const url = page.url || tab.url || '';
  const title = page.title || tab.title || url;
  const oversized = page.selection?.oversizedBytes;
  if (oversized !== undefined) {
    // The page's selection is too large to clip: say so, rather than "nothing selected" or the plain text.
    const reason = clipTooLargeText(oversized);
    await showNotification(`too-large-${Date.now()}`, t('notifyFailed', title), reason);
    return;
  }
  let markdown = page.selection?.markdown;
  let note: string | undefined;
  if (!markdown) {
    if (!selectionText?.trim()) {
      await showNotification(`nothing-${Date.now()}`, t('notifyNothingSelected'), t('appendNothing'));
      return;
    }
    markdown = plainTextToMarkdown(selectionText);
    if (page.unreadable) note = t('notifyPlainTextFallback');
  }
  const clip: ClipRequest = {
    kind: 'daily-note',
    markdown: quoteWithSource({ markdown, title, url }),
    source: { url, title },
  };
  await confirmOutcome(await asResult(() => saveClip(spaceId, clip)), t('notifyAddedToDailyNote'), note);
}

function quickClip(id: unknown, tab: Tab | undefined, info?: Browser.contextMenus.OnClickData): Promise<void> {
  switch (id) {
    case MENU_SAVE_PAGE:
      return tab ? savePage(tab) : Promise.resolve();
    case MENU_SAVE_LINK:
      return info?.linkUrl ? saveLink(info.linkUrl, (info as { linkText?: string }).linkText) : Promise.resolve();
    case MENU_DAILY_NOTE:
      return tab ? addSelectionToDailyNote(tab, info?.selectionText) : Promise.resolve();
    case MENU_HIGHLIGHT:
      return tab ? highlightTab(tab) : Promise.resolve();
    default:
      return Promise.resolve();
  }
}

/** "Highlight selection" from the context menu or the keyboard, in the default space. */
async function highlightTab(tab: Tab): Promise<void> {
  const spaceId = await defaultSpace();
  if (!spaceId || tab.id === undefined) return;
  const done = await asResult(() => highlightSelection(spaceId, tab.id ?? 0));
  if (!done.ok) return confirmOutcome(done, tab.title ?? '');
  const answer = done.value;
  if (answer.kind === 'highlighted') return confirmOutcome({ ok: true, value: answer.outcome }, tab.title ?? '');
  if (answer.kind === 'opened') return;
  const why =
    answer.kind === 'too-long'
      ? t('highlightTooLong', [String(answer.length), String(answer.limit)])
      : t(answer.kind === 'no-selection' ? 'notifyNothingSelected' : 'highlightUnavailable');
  await showNotification(`highlight-${Date.now()}`, t('highlightSelection'), why);
}

/** A quick clip, then the page's highlights drawn again (the command's activeTab grant allows it). */
async function quickClipOnPage(id: unknown, tab: Tab | undefined, info?: Browser.contextMenus.OnClickData) {
  await quickClip(id, tab, info);
  if (tab?.id !== undefined && id !== MENU_HIGHLIGHT) await refreshHighlights(tab.id);
}

export function onMenuClicked(info: Browser.contextMenus.OnClickData, tab?: Tab): Promise<void> {
  return quickClipOnPage(info.menuItemId, tab, info);
}

export function onCommand(command: string, tab?: Tab): Promise<void> {
  return tab ? quickClipOnPage(command, tab) : Promise.resolve();
}

import { browser } from 'wxt/browser';
import { truncate } from '@/lib/api/request-checks';
import { apiForSpace } from '@/lib/auth/space-api';
import { trustedClipSettings } from '@/lib/choices';
import { readHighlights, sameQuote } from '@/lib/clips/highlight-blocks';
import type { ClipRequest } from '@/lib/clips/registry';
import { DEFAULT_HIGHLIGHT_COLOUR } from '@/lib/highlighter/colours';
import type { HighlighterCommand, HighlightRecord, ListedHighlight } from '@/lib/highlighter/commands';
import { t } from '@/lib/i18n';
import type { ClipOutcome, HighlightSelectionOutcome, HighlightView } from '@/lib/messaging';
import { pageKey, samePage } from '@/lib/page-url';
import { HIGHLIGHTER_STYLESHEET } from './injected-scripts';
import { outbox } from './outbox-service';
import { unreadableReason } from './page-reader';
import { HIGHLIGHTER, runInPage } from './run-in-page';
import { saveClip } from './save-clip';
import { savedInHistory } from './saved-pages';
import { weblinkDefaults } from './weblink-defaults';

/**
 * Highlights (issue #23), the background's part: the highlighter script draws and captures in the
 * page (activeTab, or the host permission); a page's highlights are its weblink's highlight blocks,
 * read back by their text (made here, elsewhere or in the space), beside those the page has drawn;
 * every change is a clip of its own kind.
 */

type Page = { url: string; title: string };

/** Runs a command in the tab's page; undefined where no script may run. */
async function inPage(tabId: number, command: HighlighterCommand) {
  const tab = await browser.tabs.get(tabId);
  if (unreadableReason(tab.url)) return undefined;
  // The browser keeps one copy per page load at most: inserting it again adds nothing a person sees.
  await browser.scripting.insertCSS({ target: { tabId }, files: [HIGHLIGHTER_STYLESHEET] }).catch(() => undefined);
  return runInPage(tabId, HIGHLIGHTER, command);
}

async function pageOf(tabId: number): Promise<Page> {
  const tab = await browser.tabs.get(tabId);
  return { url: tab.url ?? '', title: tab.title || tab.url || '' };
}

/**
 * Weblinks of pages saved elsewhere (another device, the space itself) that the popup's "Already
 * saved" lookup found, while the background runs: a change made on such a page then names its
 * weblink, and is not left to a title search of its own. The background never searches for one:
 * the popup's lookup is the only one, and a page merely visited is never looked up.
 */
const foundElsewhere = new Map<string, string>();
const pageIn = (spaceId: string, url: string) => `${spaceId} ${pageKey(url)}`;

/** The page's weblink as this extension knows it: saved here, made by a highlight that landed, or found by the popup. */
async function weblinkOf(spaceId: string, url: string): Promise<string | null> {
  const saved = await savedInHistory(spaceId, url);
  if (saved) return saved.id;
  const landed = (await outbox.history()).find(
    (clip) => clip.spaceId === spaceId && clip.kind === 'highlight' && clip.objectId && samePage(clip.sourceUrl, url),
  );
  return landed?.objectId ?? foundElsewhere.get(pageIn(spaceId, url)) ?? null;
}

async function listed(tabId: number): Promise<ListedHighlight[]> {
  const answer = await inPage(tabId, { kind: 'list' });
  return answer?.kind === 'listed' ? answer.highlights : [];
}

/** Sends a change or a removal of one highlight, identified by its id and quote. */
async function sendChange(
  spaceId: string,
  page: Page,
  drawn: ListedHighlight[],
  change: { id: string; colour?: HighlightRecord['colour']; note?: string; remove?: boolean },
): Promise<ClipOutcome> {
  const { id, remove, ...values } = change;
  const quote = drawn.find((highlight) => highlight.id === id)?.selectors.quote.exact ?? '';
  const objectId = await weblinkOf(spaceId, page.url);
  const common = { ...page, objectId, id, quote };
  const request: ClipRequest = remove
    ? { kind: 'highlight-remove', ...common }
    : { kind: 'highlight-change', ...common, ...values };
  return saveClip(spaceId, request);
}

/** What the person did in the page's toolbar since the last time, sent as clips. */
async function takeChanges(spaceId: string, tabId: number, page: Page): Promise<void> {
  const answer = await inPage(tabId, { kind: 'take-changes' });
  if (answer?.kind !== 'changes' || answer.changes.length === 0) return;
  const drawn = await listed(tabId);
  // The toolbar's own `kind` (colour, note, remove) must not reach the clip, whose kind it would name.
  for (const { kind, ...change } of answer.changes) {
    await sendChange(spaceId, page, drawn, { ...change, remove: kind === 'remove' });
  }
}

/**
 * The page's highlights: those drawn on it now (in this page load they already show every change
 * made here, sent or waiting), then its weblink's that are not among them, found by their text
 * (after a reload, and those made elsewhere or in the space). Their blocks do not yet show the
 * changes still waiting in the outbox: one whose removal waits is left out (drawing it again would
 * bring back what the person removed; a listing between the removal and its landing did, in
 * Firefox), and one whose colour or note change waits is drawn as changed.
 */
async function knownHighlights(spaceId: string, page: Page, objectId: string, drawn: ListedHighlight[]) {
  const stored = readHighlights((await (await apiForSpace(spaceId, 'lookup')).getObject(objectId)).blocks);
  const waiting = (await outbox.list()).flatMap(({ spaceId: space, clip }) =>
    space === spaceId &&
    (clip.kind === 'highlight-remove' || clip.kind === 'highlight-change') &&
    samePage(clip.url, page.url)
      ? [clip]
      : [],
  );
  const records: HighlightRecord[] = drawn.map(({ id, colour, note, selectors }) => ({ id, colour, note, selectors }));
  for (const block of stored) {
    if (drawn.some((highlight) => sameQuote(highlight.selectors.quote.exact, block.quote))) continue;
    let { colour, note } = block;
    let removed = false;
    // In the order they were made: the last change of a colour or a note is the one shown.
    for (const change of waiting.filter((clip) => sameQuote(clip.quote, block.quote))) {
      if (change.kind === 'highlight-remove') removed = true;
      else {
        colour = change.colour ?? colour;
        note = change.note ?? note;
      }
    }
    if (removed) continue;
    const exact = block.quote.replace(/\s+/g, ' ').trim();
    records.push({
      id: block.blockId,
      colour,
      note,
      selectors: { quote: { type: 'TextQuoteSelector', exact, prefix: '', suffix: '' } },
    });
  }
  return records;
}

/**
 * "Come back": the page's highlights drawn again, and listed in page order (those not found last).
 * `found` is the weblink the popup's server lookup found, for a page this extension did not save.
 */
async function listNow(spaceId: string, tabId: number, found?: string): Promise<HighlightView[]> {
  const page = await pageOf(tabId);
  if (found) foundElsewhere.set(pageIn(spaceId, page.url), found);
  const objectId = await weblinkOf(spaceId, page.url);
  // A page with no weblink (not saved, or its first highlight not landed yet) has nothing to draw
  // again: nothing is injected, and what is drawn stays.
  if (!objectId) return [];
  await takeChanges(spaceId, tabId, page);
  const drawn = await listed(tabId);
  const records = await knownHighlights(spaceId, page, objectId, drawn);
  const answer = await inPage(tabId, { kind: 'draw', highlights: records });
  if (answer?.kind !== 'listed') return [];
  const quotes = new Map(records.map((record) => [record.id, record.selectors.quote.exact]));
  return answer.highlights.map(({ id, colour, note, status }) => ({
    id,
    quote: quotes.get(id) ?? '',
    colour,
    note: note ?? '',
    status: status === 'found' ? 'found' : 'not-found',
  }));
}

/** "Highlight selection": marked at once, then sent (the first one of a page makes its weblink). */
async function highlightNow(spaceId: string, tabId: number): Promise<HighlightSelectionOutcome> {
  const page = await pageOf(tabId);
  const colour = (await trustedClipSettings.getValue()).highlightColour ?? DEFAULT_HIGHLIGHT_COLOUR;
  const answer = await inPage(tabId, { kind: 'capture', colour });
  if (answer?.kind === 'no-selection' || answer?.kind === 'too-long' || answer?.kind === 'opened') return answer;
  if (answer?.kind !== 'captured') return { kind: 'unreadable' };
  const { highlight, text, runs, heading, url, title } = answer;
  const { tags, collections } = await weblinkDefaults(spaceId);
  const outcome = await saveClip(spaceId, {
    kind: 'highlight',
    ...page,
    // Named and found as "Save page" names the page, not by the tab's title with its site name.
    ...(title ? { title } : {}),
    objectId: await weblinkOf(spaceId, page.url),
    tags,
    ...(collections ? { collections } : {}),
    highlight: {
      id: highlight.id,
      quote: text,
      runs,
      colour: highlight.colour,
      url,
      label: t('highlightLabel'),
      location: truncate(heading.trim(), 20),
      note: '',
    },
  });
  return { kind: 'highlighted', id: highlight.id, outcome };
}

/** Changes one highlight's colour or note, or removes it: on the page at once, in the space through the outbox. */
async function changeNow(
  spaceId: string,
  tabId: number,
  change: { id: string; colour?: HighlightRecord['colour']; note?: string; remove?: boolean },
): Promise<ClipOutcome> {
  const page = await pageOf(tabId);
  const drawn = await listed(tabId);
  const { id, colour, note } = change;
  await inPage(tabId, change.remove ? { kind: 'remove', id } : { kind: 'update', id, colour, note });
  return sendChange(spaceId, page, drawn, change);
}

/**
 * One highlight operation at a time in a tab. A listing reads what the page has drawn and what the
 * space holds, then draws their union: a change made in between (a removal, a colour) would be
 * drawn away again by it, so a change waits for the listing, and the listing for the change.
 */
const turns = new Map<number, Promise<void>>();
function inTurn<T>(tabId: number, work: () => Promise<T>): Promise<T> {
  const turn = (turns.get(tabId) ?? Promise.resolve()).then(work);
  const settled = turn.then(
    () => undefined,
    () => undefined,
  );
  turns.set(tabId, settled);
  void settled.then(() => turns.get(tabId) === settled && turns.delete(tabId));
  return turn;
}

export const listHighlights = (spaceId: string, tabId: number, found?: string) =>
  inTurn(tabId, () => listNow(spaceId, tabId, found));
export const highlightSelection = (spaceId: string, tabId: number) => inTurn(tabId, () => highlightNow(spaceId, tabId));
export const changeHighlight = (spaceId: string, tabId: number, change: Parameters<typeof changeNow>[2]) =>
  inTurn(tabId, () => changeNow(spaceId, tabId, change));

/** The page's toolbar changes sent now, in the default space (the one its highlights are drawn from). */
export async function sendToolbarChanges(tabId: number): Promise<void> {
  const { defaultSpaceId } = await trustedClipSettings.getValue();
  if (defaultSpaceId) await inTurn(tabId, async () => takeChanges(defaultSpaceId, tabId, await pageOf(tabId)));
}

/** Any Space Clipper command on a page of the default space's highlights: its toolbar changes sent, its highlights drawn again. */
export async function refreshHighlights(tabId: number): Promise<void> {
  const { defaultSpaceId } = await trustedClipSettings.getValue();
  if (defaultSpaceId) await listHighlights(defaultSpaceId, tabId).catch(() => undefined);
}

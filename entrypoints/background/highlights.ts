import { browser } from 'wxt/browser';
import { truncate } from '@/lib/api/request-checks';
import { apiForSpace } from '@/lib/auth/space-api';
import { trustedClipSettings } from '@/lib/choices';
import { readHighlights, sameQuote } from '@/lib/clips/highlight-blocks';
import type { ClipRequest, StoredClip } from '@/lib/clips/registry';
import { DEFAULT_HIGHLIGHT_COLOUR } from '@/lib/highlighter/colours';
import type {
  HighlighterAnswer,
  HighlighterCommand,
  HighlightRecord,
  ListedHighlight,
} from '@/lib/highlighter/commands';
import { HIGHLIGHTER_STYLESHEET } from '@/lib/highlighter/script-files';
import { t } from '@/lib/i18n';
import type { ClipOutcome, HighlightSelectionOutcome, HighlightView } from '@/lib/messaging';
import { samePage } from '@/lib/page-url';
import { outbox } from './outbox-service';
import { unreadableReason } from './page-reader';
import { HIGHLIGHTER, runInPage } from './run-in-page';
import { saveClip } from './save-clip';
import { savedInHistory } from './saved-pages';
import { weblinkDefaults } from './weblink-defaults';

/**
 * Highlights (issue #23), the background's part: the highlighter script draws and captures in the
 * page (activeTab, or the host permission); a page's highlights are its weblink's highlight blocks,
 * read back by their text (made here, elsewhere or in the space), with the highlight clips still
 * waiting in the outbox laid over them; every change is a clip of its own kind.
 */

type Page = { url: string; title: string };

/** Runs a command in the tab's page; undefined where no script may run. */
async function inPage(tabId: number, command: HighlighterCommand): Promise<HighlighterAnswer | undefined> {
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

/** The page's weblink as this extension knows it: saved here, or made by a highlight that landed. */
async function weblinkOf(spaceId: string, url: string): Promise<string | null> {
  const saved = await savedInHistory(spaceId, url);
  if (saved) return saved.id;
  const landed = (await outbox.history()).find(
    (clip) => clip.spaceId === spaceId && clip.kind === 'highlight' && clip.objectId && samePage(clip.sourceUrl, url),
  );
  return landed?.objectId ?? null;
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
  for (const change of answer.changes) {
    await sendChange(spaceId, page, drawn, { ...change, remove: change.kind === 'remove' });
  }
}

const quoteSelector = (exact: string) => ({
  type: 'TextQuoteSelector' as const,
  exact: exact.replace(/\s+/g, ' ').trim(),
  prefix: '',
  suffix: '',
});

/** The highlight clips of a page still waiting in the outbox, oldest first. */
async function waitingFor(spaceId: string, url: string) {
  return (await outbox.list()).flatMap(({ spaceId: space, clip }: StoredClip) =>
    space === spaceId && clip.kind.startsWith('highlight') && samePage((clip as Page).url, url) ? [clip] : [],
  );
}

/** The page's highlights: its weblink's, then the waiting clips' over them (new, changed, removed). */
async function knownHighlights(
  spaceId: string,
  objectId: string | null,
  waiting: StoredClip['clip'][],
  drawn: ListedHighlight[],
): Promise<HighlightRecord[]> {
  const stored = objectId
    ? readHighlights((await (await apiForSpace(spaceId, 'lookup')).getObject(objectId)).blocks)
    : [];
  // One drawn here already keeps its selectors (context and position): found again exactly.
  const selectorsOf = (quote: string) =>
    drawn.find((highlight) => sameQuote(highlight.selectors.quote.exact, quote))?.selectors ?? {
      quote: quoteSelector(quote),
    };
  const records = new Map<string, HighlightRecord>(
    stored.map(({ blockId, colour, note, quote }) => [
      blockId,
      { id: blockId, colour, note, selectors: selectorsOf(quote) },
    ]),
  );
  for (const clip of waiting) {
    if (clip.kind === 'highlight') {
      const { id, colour, note, quote } = clip.highlight;
      records.set(id, { id, colour, note, selectors: selectorsOf(quote) });
    } else if (clip.kind === 'highlight-change' || clip.kind === 'highlight-remove') {
      const key = [...records.keys()].find(
        (key) => key === clip.id || sameQuote(records.get(key)?.selectors.quote.exact ?? '', clip.quote),
      );
      const before = key && records.get(key);
      if (!key || !before) continue;
      if (clip.kind === 'highlight-remove') records.delete(key);
      else
        records.set(key, {
          ...before,
          ...(clip.colour ? { colour: clip.colour } : {}),
          ...(clip.note === undefined ? {} : { note: clip.note }),
        });
    }
  }
  return [...records.values()];
}

/** "Come back": the page's highlights drawn again, and listed in page order (those not found last). */
export async function listHighlights(spaceId: string, tabId: number): Promise<HighlightView[]> {
  const page = await pageOf(tabId);
  const objectId = await weblinkOf(spaceId, page.url);
  // A page with no weblink known here and no highlight waiting has nothing to draw: nothing is injected.
  if (!objectId && (await waitingFor(spaceId, page.url)).length === 0) return [];
  await takeChanges(spaceId, tabId, page);
  const drawn = await listed(tabId);
  const records = await knownHighlights(spaceId, objectId, await waitingFor(spaceId, page.url), drawn);
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
export async function highlightSelection(spaceId: string, tabId: number): Promise<HighlightSelectionOutcome> {
  const page = await pageOf(tabId);
  const colour = (await trustedClipSettings.getValue()).highlightColour ?? DEFAULT_HIGHLIGHT_COLOUR;
  const answer = await inPage(tabId, { kind: 'capture', colour });
  if (answer?.kind === 'no-selection' || answer?.kind === 'too-long' || answer?.kind === 'opened') return answer;
  if (answer?.kind !== 'captured') return { kind: 'unreadable' };
  const { highlight, text, runs, heading, url } = answer;
  const { tags, collections } = await weblinkDefaults(spaceId);
  const outcome = await saveClip(spaceId, {
    kind: 'highlight',
    ...page,
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
export async function changeHighlight(
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

/** Any Space Clipper command on a page of the default space's highlights: its toolbar changes sent, its highlights drawn again. */
export async function refreshHighlights(tabId: number): Promise<void> {
  const { defaultSpaceId } = await trustedClipSettings.getValue();
  if (defaultSpaceId) await listHighlights(defaultSpaceId, tabId).catch(() => undefined);
}

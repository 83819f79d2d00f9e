import { expect } from '@playwright/test';
import type { HighlightView } from '../../../lib/messaging';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, type Driver, type Tab } from '../driver/driver';
import { apiGet, type EmulatorAccess } from '../emulator-client';
import { waitForEmptyOutbox } from './extension-state';
import { defineFlow, EVERYWHERE } from './flow';
import { pageView } from './highlighter-flows';
import { connectSpace, onlyWeblinkOf, openArticle, openPopupFor, tabInfo, weblinksOf } from './steps';

/** A highlight block as the emulator's profile shows it (published: `highlight`; spec: a quote naming its colour). */
interface HighlightBlock {
  quote: string;
  colour: string;
  url: string;
  note: string;
}

type RawBlock = {
  type: string;
  tokens?: { type: string; text?: string; url?: string }[];
  blocks?: RawBlock[];
  quote?: unknown;
  highlight?: { type: string; color: string; url: string; label: string; location: string } | null;
};

const textOf = (tokens: RawBlock['tokens'] = []) => tokens.map((token) => token.text ?? '').join('');

function asHighlight(block: RawBlock): HighlightBlock | undefined {
  const note = (block.blocks ?? []).map((child) => textOf(child.tokens)).join('\n');
  if (block.highlight) {
    expect(block.highlight.type).toBe('custom');
    expect(block.highlight.label.length).toBeGreaterThan(0);
    expect(block.highlight.label.length).toBeLessThanOrEqual(20);
    expect(block.highlight.location.length).toBeLessThanOrEqual(20);
    return { quote: textOf(block.tokens), colour: block.highlight.color, url: block.highlight.url, note };
  }
  const last = block.tokens?.at(-1);
  const colour = last?.type === 'LinkToken' ? /^\[(\w+)\]$/.exec(last.text ?? '')?.[1] : undefined;
  if (!block.quote || !colour) return undefined;
  return { quote: textOf(block.tokens?.slice(0, -2)), colour, url: last?.url ?? '', note };
}

/** The highlight blocks of the page's one weblink, read with GET /object as any client would. */
export async function highlightBlocks(emulator: EmulatorAccess, url: string): Promise<HighlightBlock[]> {
  const weblinks = await weblinksOf(emulator, url);
  if (weblinks.length !== 1) return [];
  const answer = await apiGet(emulator, `/object?id=${weblinks[0]?.id}`, DEMO_TOKENS.demo);
  const object = (await answer.json()) as { blocks?: Record<string, RawBlock[]> };
  return Object.values(object.blocks ?? {})
    .flat()
    .flatMap((block) => asHighlight(block) ?? []);
}

async function highlight(driver: Driver, tab: Tab, selector: string): Promise<void> {
  await tab.selectContents(selector);
  const answer = await driver.sendToBackground('highlightSelection', { spaceId: DEMO.spaceId, tabId: tab.id });
  if (!answer.ok || answer.value.kind !== 'highlighted') throw new Error(`not highlighted: ${JSON.stringify(answer)}`);
}

async function listed(driver: Driver, tab: Tab): Promise<HighlightView[]> {
  const answer = await driver.sendToBackground('listHighlights', { spaceId: DEMO.spaceId, tabId: tab.id });
  if (!answer.ok) throw new Error(`not listed: ${JSON.stringify(answer.error)}`);
  return answer.value.highlights;
}

/** How many ranges the page has drawn, over every colour. */
async function drawnCount(driver: Driver, tab: Tab): Promise<number> {
  const { drawn } = await pageView(driver, tab);
  return Object.values(drawn).reduce((sum, size) => sum + size, 0);
}

/**
 * The page as its site might have changed it since: a paragraph inserted before everything, a
 * word changed in the intro, and the quote gone. Done by a script in the page's own world.
 */
function changePage(driver: Driver, tab: Tab): Promise<void> {
  return driver.inExtension(async (tabId) => {
    await chrome.scripting.executeScript({
      target: { tabId },
      world: 'MAIN',
      func: () => {
        const added = document.createElement('p');
        added.textContent = 'A paragraph the site added since, before everything else.';
        const intro = document.querySelector('#intro') as HTMLElement;
        intro.before(added);
        const text = document.createTreeWalker(intro, NodeFilter.SHOW_TEXT).nextNode() as Text;
        text.data = text.data.replace('living', 'lively');
        document.querySelector('blockquote')?.remove();
      },
    });
  }, tab.id);
}

const INTRO = /^A starter is a living culture of wild yeast/;
const PATIENCE = 'Patience is the most important ingredient.';

export const highlightFlows = [
  defineFlow(
    'three highlights in two colours, one with a note, land as blocks of one weblink; drawn again on return; recoloured and removed',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      // The page is not saved: the first highlight makes its weblink, the others add to it.
      await highlight(driver, article, '#intro');
      await expect.poll(async () => (await weblinksOf(emulator, article.url)).length).toBe(1);
      await highlight(driver, article, 'blockquote p');
      await driver.sendToBackground('saveSettings', { highlightColour: 'green' });
      await highlight(driver, article, 'h2');
      await expect.poll(() => drawnCount(driver, article)).toBe(3);
      const made = await listed(driver, article);
      const patience = made.find((item) => item.quote === PATIENCE);
      if (!patience) throw new Error('the quote is not listed');
      await driver.sendToBackground('changeHighlight', {
        spaceId: DEMO.spaceId,
        tabId: article.id,
        id: patience.id,
        note: 'Mine *too* <b>',
      });
      await waitForEmptyOutbox(driver, 20_000);

      const landed = await highlightBlocks(emulator, article.url);
      expect(landed.map(({ quote, colour, note }) => ({ quote, colour, note }))).toEqual([
        { quote: expect.stringMatching(INTRO), colour: 'yellow', note: '' },
        { quote: PATIENCE, colour: 'yellow', note: 'Mine *too* <b>' },
        { quote: 'The feeding ratio', colour: 'green', note: '' },
      ]);
      for (const block of landed) expect(block.url).toMatch(/^http.*\/article\.html#:~:text=/);
      expect(landed[1]?.url).toContain(`:~:text=${encodeURIComponent(PATIENCE).replace(/-/g, '%2D')}`);
      await onlyWeblinkOf(emulator, article.url);

      // Come back: a new load of the page, and the popup opened on it.
      const again = await openArticle(driver, pagesUrl);
      const bodyBefore = (await pageView(driver, again)).body;
      await driver.popup(again);
      await expect.poll(() => drawnCount(driver, again)).toBe(3);
      const view = await pageView(driver, again);
      expect(view.body).toBe(bodyBefore);
      expect(view.added).toEqual([]);

      const shown = await listed(driver, again);
      expect(shown.map(({ colour, note, status }) => ({ colour, note, status }))).toEqual([
        { colour: 'yellow', note: '', status: 'found' },
        { colour: 'green', note: '', status: 'found' },
        { colour: 'yellow', note: 'Mine *too* <b>', status: 'found' },
      ]);
      const [intro, ratio] = shown;
      await driver.sendToBackground('changeHighlight', {
        spaceId: DEMO.spaceId,
        tabId: again.id,
        id: intro?.id ?? '',
        colour: 'purple',
      });
      await driver.sendToBackground('removeHighlight', { spaceId: DEMO.spaceId, tabId: again.id, id: ratio?.id ?? '' });
      await waitForEmptyOutbox(driver, 20_000);
      await expect.poll(() => drawnCount(driver, again)).toBe(2);
      expect((await highlightBlocks(emulator, article.url)).map(({ colour, note }) => ({ colour, note }))).toEqual([
        { colour: 'purple', note: '' },
        { colour: 'yellow', note: 'Mine *too* <b>' },
      ]);
    },
    { runs: EVERYWHERE, timeoutMs: 90_000 },
  ),

  defineFlow(
    'a highlight made while the service is down lands once afterwards, also when the answer to its append is lost',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      await emulator.addFault({ drop: 'before' });
      await highlight(driver, article, 'blockquote p');
      await expect.poll(() => drawnCount(driver, article)).toBe(1);
      // Back, but the append's answer is cut off once (after the server applied it; a connection
      // closed before any byte of the answer is one the browser itself may send again): it is
      // found among the weblink's blocks, not sent again.
      await emulator.clearFaults();
      await emulator.addFault({ path: '/blocks/append', drop: 'mid-response', times: 1 });
      await driver.sendToBackground('retryAllClips');
      await waitForEmptyOutbox(driver, 30_000);
      expect((await highlightBlocks(emulator, article.url)).map((block) => block.quote)).toEqual([PATIENCE]);
      await onlyWeblinkOf(emulator, article.url);
    },
    { runs: EVERYWHERE, timeoutMs: 90_000 },
  ),

  defineFlow(
    'a highlight removed and another recoloured while their changes cannot reach the service: listed again, and on the page opened again, the removed one stays gone and the other shows its new colour; both land once the service answers',
    async ({ driver, emulator, pagesUrl, profile }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      await highlight(driver, article, '#intro');
      await highlight(driver, article, 'blockquote p');
      await waitForEmptyOutbox(driver, 20_000);
      const [intro, patience] = await listed(driver, article);
      // Only the changes are held back: the published reference's DELETE /block, the spec's
      // POST /blocks/delete, and PATCH /blocks/block in both.
      await emulator.addFault({ path: profile === 'published' ? '/block' : '/blocks/delete', drop: 'before' });
      await emulator.addFault({ path: '/blocks/block', drop: 'before' });
      await driver.sendToBackground('removeHighlight', {
        spaceId: DEMO.spaceId,
        tabId: article.id,
        id: patience?.id ?? '',
      });
      await driver.sendToBackground('changeHighlight', {
        spaceId: DEMO.spaceId,
        tabId: article.id,
        id: intro?.id ?? '',
        colour: 'purple',
      });
      await expect.poll(() => drawnCount(driver, article)).toBe(1);
      // Listed again (as the popup does when it opens) while the blocks are still as they were.
      const shown = (highlights: HighlightView[]) => highlights.map(({ quote, colour }) => ({ quote, colour }));
      const changed = [{ quote: expect.stringMatching(INTRO), colour: 'purple' }];
      expect(shown(await listed(driver, article))).toEqual(changed);
      expect(await drawnCount(driver, article)).toBe(1);
      // The page opened again: drawn from the space's blocks, with the changes that wait.
      const again = await openArticle(driver, pagesUrl);
      expect(shown(await listed(driver, again))).toEqual(changed);
      expect((await pageView(driver, again)).drawn).toEqual({ 'space-clipper-purple': 1 });

      await emulator.clearFaults();
      await driver.sendToBackground('retryAllClips');
      await waitForEmptyOutbox(driver, 30_000);
      expect((await highlightBlocks(emulator, article.url)).map(({ quote, colour }) => ({ quote, colour }))).toEqual(
        changed,
      );
      expect(await drawnCount(driver, article)).toBe(1);
    },
    { runs: EVERYWHERE, timeoutMs: 90_000 },
  ),

  defineFlow(
    'on a changed page the highlights are still drawn, and one whose text is gone is listed as not found',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      await highlight(driver, article, '#intro');
      await highlight(driver, article, 'blockquote p');
      await highlight(driver, article, 'h2');
      await waitForEmptyOutbox(driver, 20_000);
      expect(await highlightBlocks(emulator, article.url)).toHaveLength(3);

      const changed = await openArticle(driver, pagesUrl);
      await changePage(driver, changed);
      const shown = await listed(driver, changed);
      expect(shown.map((item) => item.status)).toEqual(['found', 'found', 'not-found']);
      expect(shown[2]?.quote).toBe(PATIENCE);
      await expect.poll(() => drawnCount(driver, changed)).toBe(2);
    },
    { runs: EVERYWHERE, timeoutMs: 90_000 },
  ),

  defineFlow(
    '"Highlight selection" from the keyboard command and from the popup\'s button',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl, '#intro');
      await driver.callBackgroundHook('onCommand', ['highlight-selection', tabInfo(article)]);
      await expect.poll(async () => (await highlightBlocks(emulator, article.url)).length).toBe(1);

      await article.selectContents('blockquote p');
      // Once the popup has read the page (its title shown), as a person sees it before clicking.
      const popup = await openPopupFor(driver, article);
      await popup.click(button('Highlight selection'));
      await expect.poll(() => popup.text()).toContain('Highlight kept in your space');
      expect((await highlightBlocks(emulator, article.url)).map((block) => block.quote)).toEqual([
        expect.stringMatching(INTRO),
        PATIENCE,
      ]);
      await expect.poll(() => drawnCount(driver, article)).toBe(2);
    },
    { runs: EVERYWHERE },
  ),
];

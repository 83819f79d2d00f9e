/**
 * The highlighter on a real page in Chromium (its accessibility tree is read over the DevTools
 * protocol, which only Chromium has): drawing adds nothing to the page's content, the one
 * element it adds sits outside it with a closed shadow root, `CSS.highlights` holds the ranges,
 * and the toolbar opens on a click and is worked by keyboard.
 */
import type { CDPSession, Page } from '@playwright/test';
import type { HighlighterAnswer, HighlighterCommand } from '../../../lib/highlighter/commands.ts';
import { chromiumOnly } from '../driver/chromium-driver';
import { expect } from '../expect';
import { callHighlighter, drawnHighlights, selectBetween } from '../highlighter-page';
import { CHROMIUM_ONLY, defineFlow } from './flow';
import { openArticle } from './steps';

/** The name and role of what has keyboard focus, as assistive technology sees it (closed shadow roots included). */
async function focused(cdp: CDPSession): Promise<string> {
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  // The page's root is focused too when the focus is within it: the innermost one is meant.
  const node = nodes.findLast((candidate) =>
    candidate.properties?.some((property) => property.name === 'focused' && property.value.value === true),
  );
  return `${node?.role?.value} "${node?.name?.value}"`;
}

/** The host's display and shadow root as the page's own scripts see them. */
const pageView = (page: Page) =>
  page.evaluate(() => {
    const added = [...document.documentElement.children].filter((child) => !['HEAD', 'BODY'].includes(child.tagName));
    return added.map((element) => ({
      tag: element.localName,
      open: element.shadowRoot !== null,
      shown: getComputedStyle(element).display !== 'none',
    }));
  });

export const highlighterToolbarFlows = [
  defineFlow(
    'the highlighter draws without touching the page, and its toolbar works by mouse and keyboard',
    async ({ driver, pagesUrl }) => {
      const chromium = chromiumOnly(driver);
      const article = await openArticle(driver, pagesUrl);
      const page = chromium.pageOf(article);
      const tabId = article.id;
      const worker = await chromium.serviceWorker();
      const call = (command: HighlighterCommand): Promise<HighlighterAnswer> =>
        worker.evaluate(callHighlighter, { tabId, command });
      const bodyBefore = await page.evaluate(() => document.body.innerHTML);

      // A passage over a paragraph, its link, a heading and the next paragraph; and one inside it.
      await page.evaluate(selectBetween, { start: '#intro', from: 'and read the', end: 'h2 + p', to: 'Most bakers' });
      const across = await call({ kind: 'capture', colour: 'yellow' });
      expect(across).toMatchObject({ kind: 'captured', heading: 'Keeping Bread Starters Alive' });
      if (across.kind !== 'captured') return;
      expect(across.text).toBe('and read the feeding guide before your first bake.\nThe feeding ratio\nMost bakers');
      expect(across.url).toBe(
        `${pagesUrl}/article.html#:~:text=flour%20and%20water%2C-,and%20read%20the%20feeding,Most%20bakers,-keep%20a%201%3A1%3A1`,
      );
      await page.evaluate(selectBetween, { start: '#intro', from: 'wild yeast', end: '#intro', to: 'wild yeast' });
      const inside = await call({ kind: 'capture', colour: 'green' });
      if (inside.kind !== 'captured') throw new Error(inside.kind);
      await page.evaluate(() => getSelection()?.removeAllRanges());

      const drawn = await call({
        kind: 'draw',
        highlights: [across.highlight, { ...inside.highlight, id: 'block-2' }],
      });
      expect(drawn.kind === 'listed' && drawn.highlights.map((item) => [item.id, item.status])).toEqual([
        ['block-2', 'found'],
        [across.highlight.id, 'found'],
      ]);
      expect(await page.evaluate(drawnHighlights)).toMatchObject({
        'space-clipper-yellow': 1,
        'space-clipper-green': 1,
      });
      expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
      expect(await pageView(page)).toEqual([]);

      // A click on the mark opens the toolbar, in the one element added, outside <body>, its root closed.
      const point = await page.evaluate(() => {
        const [range] = [...(CSS.highlights.get('space-clipper-yellow') as Highlight)] as Range[];
        const rect = (range as Range).getClientRects()[0] as DOMRect;
        return { x: rect.left + 8, y: rect.top + rect.height / 2 };
      });
      await page.mouse.click(point.x, point.y);
      expect(await pageView(page)).toEqual([{ tag: 'space-clipper-toolbar', open: false, shown: true }]);
      expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
      const cdp = await chromium.context.newCDPSession(page);
      await cdp.send('Accessibility.enable');
      expect(await focused(cdp)).toBe('radio "Yellow"');

      // By keyboard: an arrow picks the next colour, drawn at once; Tab reaches the note, Enter keeps it.
      await page.keyboard.press('ArrowRight');
      expect(await focused(cdp)).toBe('radio "Orange"');
      await expect
        .poll(() => page.evaluate(drawnHighlights))
        .toMatchObject({ 'space-clipper-orange': 1, 'space-clipper-green': 1 });
      await page.keyboard.press('Tab');
      expect(await focused(cdp)).toBe('textbox "Highlight note"');
      await page.keyboard.type('Check the ratio');
      await page.keyboard.press('Enter');
      expect(await pageView(page)).toEqual([{ tag: 'space-clipper-toolbar', open: false, shown: false }]);
      expect(await call({ kind: 'take-changes' })).toEqual({
        kind: 'changes',
        changes: [
          { kind: 'colour', id: across.highlight.id, colour: 'orange' },
          { kind: 'note', id: across.highlight.id, note: 'Check the ratio' },
        ],
      });

      // Escape closes it and gives focus back; Remove highlight, reached by Tab, removes it.
      await page.mouse.click(point.x, point.y);
      expect(await focused(cdp)).toBe('radio "Orange"');
      await page.keyboard.press('Escape');
      expect(await pageView(page)).toEqual([{ tag: 'space-clipper-toolbar', open: false, shown: false }]);
      // Focus goes back as the toolbar hides, a task after the key: waited for, not read at once.
      await expect.poll(() => page.evaluate(() => document.activeElement === document.body)).toBe(true);
      await page.mouse.click(point.x, point.y);
      await expect.poll(() => focused(cdp)).toBe('radio "Orange"');
      await page.keyboard.press('Tab');
      await page.keyboard.press('Tab');
      expect(await focused(cdp)).toBe('button "Remove highlight"');
      await page.keyboard.press('Enter');
      expect(await page.evaluate(drawnHighlights)).toEqual({ 'space-clipper-green': 1 });
      expect(await call({ kind: 'take-changes' })).toEqual({
        kind: 'changes',
        changes: [{ kind: 'remove', id: across.highlight.id }],
      });
      expect(await page.evaluate(() => document.body.innerHTML)).toBe(bodyBefore);
    },
    { runs: CHROMIUM_ONLY },
  ),
];

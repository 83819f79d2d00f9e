import { expect } from '@playwright/test';
import type { HighlighterAnswer, HighlighterCommand } from '../../../lib/highlighter/commands.ts';
import type { Driver, Tab } from '../driver/driver';
import { callHighlighter } from '../highlighter-page';
import { defineFlow } from './flow';
import { openArticle } from './steps';

/** What the page's own scripts see: its body's markup, the elements added beside it, what `CSS.highlights` holds. */
interface PageView {
  body: string;
  added: { tag: string; open: boolean; shown: boolean }[];
  drawn: Record<string, number>;
}

export function pageView(driver: Driver, tab: Tab): Promise<PageView> {
  return driver.inExtension(async (tabId) => {
    const [injection] = await chrome.scripting.executeScript({
      target: { tabId },
      world: 'MAIN',
      func: () => {
        const drawn: Record<string, number> = {};
        CSS.highlights.forEach((highlight, name) => {
          drawn[name] = highlight.size;
        });
        const added = [...document.documentElement.children].filter(
          (child) => !['HEAD', 'BODY'].includes(child.tagName),
        );
        return {
          body: document.body.innerHTML,
          added: added.map((element) => ({
            tag: element.localName,
            open: element.shadowRoot !== null,
            shown: getComputedStyle(element).display !== 'none',
          })),
          drawn,
        };
      },
    });
    return injection?.result as PageView;
  }, tab.id);
}

/** Puts the caret into the first text of the element matching `selector`, as caret browsing would. */
function placeCaret(driver: Driver, tab: Tab, selector: string): Promise<void> {
  return driver.inExtension(
    async ({ tabId, selector }) => {
      await chrome.scripting.executeScript({
        target: { tabId },
        world: 'MAIN',
        func: (css: string) => {
          const text = document.createTreeWalker(document.querySelector(css) as Node, NodeFilter.SHOW_TEXT).nextNode();
          getSelection()?.collapse(text, 12);
        },
        args: [selector],
      });
    },
    { tabId: tab.id, selector },
  );
}

export const highlighterFlows = [
  defineFlow(
    'the highlighter draws highlights in CSS.highlights without adding anything inside the page, and keeps its toolbar in a closed shadow root outside it',
    async ({ driver, pagesUrl }) => {
      const article = await openArticle(driver, pagesUrl);
      const call = (command: HighlighterCommand) =>
        driver.inExtension(callHighlighter, { tabId: article.id, command }) as Promise<HighlighterAnswer>;
      const before = await pageView(driver, article);
      expect(before.added).toEqual([]);

      // The intro paragraph, with its emphasis, its strong words and its link; then the heading after it.
      await article.selectContents('#intro');
      const intro = await call({ kind: 'capture', colour: 'yellow' });
      if (intro.kind !== 'captured') throw new Error(`not captured: ${intro.kind}`);
      expect(intro.text).toMatch(/^A starter is a living culture of wild yeast .* before your first bake\.$/);
      expect(intro.runs).toContainEqual({ text: 'feeding guide', href: `${pagesUrl}/guides/feeding` });
      await article.selectContents('h2');
      const heading = await call({ kind: 'capture', colour: 'blue' });
      if (heading.kind !== 'captured') throw new Error(`not captured: ${heading.kind}`);

      // Drawn again from what the extension keeps, as on coming back to the page.
      const listed = await call({
        kind: 'draw',
        highlights: [
          { ...heading.highlight, id: 'block-2' },
          { ...intro.highlight, id: 'block-1', note: 'Feed daily' },
        ],
      });
      expect(listed.kind === 'listed' && listed.highlights.map((item) => [item.id, item.status, item.note])).toEqual([
        ['block-1', 'found', 'Feed daily'],
        ['block-2', 'found', undefined],
      ]);
      const drawn = await pageView(driver, article);
      expect(drawn.drawn).toMatchObject({ 'space-clipper-yellow': 1, 'space-clipper-blue': 1 });
      expect(drawn.body).toBe(before.body);
      expect(drawn.added).toEqual([]);

      // The caret within a highlight and "Highlight selection": its toolbar opens instead.
      await placeCaret(driver, article, '#intro');
      expect(await call({ kind: 'capture', colour: 'yellow' })).toEqual({ kind: 'opened', id: 'block-1' });
      const open = await pageView(driver, article);
      expect(open.added).toEqual([{ tag: 'space-clipper-toolbar', open: false, shown: true }]);
      expect(open.body).toBe(before.body);

      expect(await call({ kind: 'remove', id: 'block-2' })).toEqual({ kind: 'done', found: true });
      expect((await pageView(driver, article)).drawn).toEqual({ 'space-clipper-yellow': 1 });
    },
  ),
];

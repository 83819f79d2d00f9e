/**
 * The highlighter script driven as the background will drive it (entrypoints/highlighter.ts): its
 * stylesheet inserted, a command left in the page's isolated world, the script injected and its
 * answer read; here from an extension page or the service worker, where `chrome.scripting` is.
 */
import type { HighlighterAnswer, HighlighterCommand } from '../../lib/highlighter/commands.ts';

export interface HighlighterCall {
  tabId: number;
  command: HighlighterCommand;
}

/** Runs in an extension context: one command, as the background sends it. */
export async function callHighlighter({ tabId, command }: HighlighterCall): Promise<HighlighterAnswer> {
  await chrome.scripting.insertCSS({ target: { tabId }, files: ['/highlights.css'] });
  await chrome.scripting.executeScript({
    target: { tabId },
    // lib/page-request.ts `leavePageRequest`, which cannot cross into this context.
    func: (left: unknown) => {
      const holder = globalThis as unknown as Record<symbol, unknown[]>;
      const slot = Symbol.for('space-clipper.highlighter-command');
      holder[slot] = [...(holder[slot] ?? []), left];
    },
    args: [command],
  });
  const [injection] = await chrome.scripting.executeScript({ target: { tabId }, files: ['/highlighter.js'] });
  return injection?.result as HighlighterAnswer;
}

/** Runs in the page: selects from `from` (a text in the first element matching `start`) to the end of `to`. */
export function selectBetween({
  start,
  from,
  end,
  to,
}: {
  start: string;
  from: string;
  end: string;
  to: string;
}): void {
  const textIn = (selector: string, text: string): [Text, number] => {
    const walker = document.createTreeWalker(document.querySelector(selector) as Node, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = (node as Text).data.indexOf(text);
      if (at >= 0) return [node as Text, at];
    }
    throw new Error(`no "${text}" in ${selector}`);
  };
  const [startNode, startOffset] = textIn(start, from);
  const [endNode, endOffset] = textIn(end, to);
  const range = document.createRange();
  range.setStart(startNode, startOffset);
  range.setEnd(endNode, endOffset + to.length);
  getSelection()?.removeAllRanges();
  getSelection()?.addRange(range);
}

/** Runs in the page (its own world): how many ranges each of our highlight names holds. */
export function drawnHighlights(): Record<string, number> {
  const drawn: Record<string, number> = {};
  CSS.highlights.forEach((highlight, name) => {
    drawn[name] = highlight.size;
  });
  return drawn;
}

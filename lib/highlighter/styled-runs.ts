/**
 * A passage's inline formatting as a short list of styled runs, which the published reference's
 * text tokens can carry (TextToken style, CodeToken, LinkToken): never HTML. Read from the
 * elements around each piece of text (`<strong>`, `<em>`, `<s>`, `<u>`, `<code>`, `<a href>`), and a
 * line break where the passage goes from one block to the next.
 */
import { blockOf } from './blocks';
import type { PageText } from './page-text';

export interface StyledRun {
  text: string;
  bold?: true;
  italic?: true;
  strikethrough?: true;
  underline?: true;
  code?: true;
  /** An absolute http(s) or mailto address; other schemes are not links here. */
  href?: string;
}

type Style = Omit<StyledRun, 'text'>;

const STYLE_OF: Record<string, keyof Omit<Style, 'href'>> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  cite: 'italic',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  u: 'underline',
  ins: 'underline',
  code: 'code',
  kbd: 'code',
  samp: 'code',
  tt: 'code',
};

const LINK_SCHEMES = new Set(['http:', 'https:', 'mailto:']);

function linkTarget(anchor: HTMLAnchorElement): string | undefined {
  if (!anchor.hasAttribute('href')) return undefined;
  try {
    const url = new URL(anchor.href);
    return LINK_SCHEMES.has(url.protocol) ? url.href : undefined;
  } catch {
    return undefined;
  }
}

function styleOf(node: Node, block: Node): Style {
  const style: Style = {};
  for (let at = node.parentNode; at && at !== block; at = at.parentNode) {
    if (at.nodeType !== Node.ELEMENT_NODE) continue;
    const element = at as Element;
    const flag = STYLE_OF[element.localName];
    if (flag) style[flag] = true;
    if (element.localName === 'a' && style.href === undefined) {
      const href = linkTarget(element as HTMLAnchorElement);
      if (href) style.href = href;
    }
  }
  return style;
}

const sameStyle = (a: Style, b: Style) =>
  a.bold === b.bold &&
  a.italic === b.italic &&
  a.strikethrough === b.strikethrough &&
  a.underline === b.underline &&
  a.code === b.code &&
  a.href === b.href;

/** The runs of [start, end) of the page's text; their texts joined are the passage as read. */
export function styledRuns(page: PageText, root: Node, start: number, end: number): StyledRun[] {
  const runs: StyledRun[] = [];
  let block: Node | undefined;
  for (let index = 0; index < page.nodes.length; index += 1) {
    const from = Math.max(start, page.starts[index] as number);
    const to = Math.min(end, page.starts[index + 1] ?? page.text.length);
    if (from >= to) {
      if ((page.starts[index] as number) >= end) break;
      continue;
    }
    const node = page.nodes[index] as Text;
    const nodeBlock = blockOf(node, root);
    let text = page.text.slice(from, to);
    if (block !== undefined && nodeBlock !== block) {
      const last = runs[runs.length - 1];
      if (last) last.text = last.text.trimEnd();
      text = `\n${text.trimStart()}`;
    }
    block = nodeBlock;
    const style = styleOf(node, nodeBlock);
    const last = runs[runs.length - 1];
    if (last && sameStyle(last, style)) last.text += text;
    else runs.push({ ...style, text });
  }
  return runs.filter((run) => run.text.length > 0);
}

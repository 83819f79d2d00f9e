/**
 * Removes what a reader does not see or cannot use in Markdown, and passes every link and image
 * address through the one filter of `urls` (absolute, of a scheme a note may point to), dropping
 * the links and images it refuses. Works on a private copy of the page's nodes.
 */
import { HIDDEN_CANDIDATES, isHidden } from './hidden';
import { markdownDestination } from './urls';

// `input` stays only as a task-list checkbox (see the task list rule).
const DROPPED =
  'script,style,noscript,template,svg,canvas,head,link,meta,title,select,textarea,button,datalist,input:not([type="checkbox"])';
const EMBEDS = 'iframe,frame,embed,object,video,audio';
const HEADINGS = 'h1,h2,h3,h4,h5,h6';
// Permalink anchors that documentation generators put in every heading.
const PERMALINK_TEXT = /^\s*[#¶§🔗]\s*$/u;

/** The largest candidate of a `srcset` (by its `w` or `x` descriptor). */
function largestCandidate(srcset: string): string | undefined {
  let best: string | undefined;
  let bestSize = -1;
  for (const [, url, descriptor] of srcset.matchAll(/([^\s,]\S*?)(?:\s+([\d.]+)[wx])?\s*(?:,|$)/g)) {
    const size = Number.parseFloat(descriptor ?? '1');
    if (size > bestSize) {
      best = url;
      bestSize = size;
    }
  }
  return best;
}

function imageSource(img: Element): string | null {
  // Lazy loaders keep the real image in a data attribute until it scrolls into view, with a
  // placeholder (often a `data:` GIF) in `src`; once loaded, both name the same image.
  const lazy = img.getAttribute('data-src') || img.getAttribute('data-original') || img.getAttribute('data-lazy-src');
  if (lazy) return lazy;
  const src = img.getAttribute('src');
  if (src && !src.startsWith('data:')) return src;
  const srcset = img.getAttribute('data-srcset') || img.getAttribute('srcset');
  return (srcset && largestCandidate(srcset)) || src;
}

function pixelSize(el: Element, dimension: 'width' | 'height'): number | undefined {
  const value =
    el.getAttribute(dimension) ??
    new RegExp(`(?:^|;)\\s*${dimension}\\s*:\\s*([\\d.]+)px`, 'i').exec(el.getAttribute('style') ?? '')?.[1];
  const size = Number.parseFloat(value ?? '');
  return Number.isNaN(size) ? undefined : size;
}

function isTrackingPixel(el: Element): boolean {
  const width = pixelSize(el, 'width');
  const height = pixelSize(el, 'height');
  return width === 0 || height === 0 || (width !== undefined && height !== undefined && width <= 1 && height <= 1);
}

function fixImages(root: ParentNode, base: string): void {
  for (const img of root.querySelectorAll('img')) {
    const src = markdownDestination(imageSource(img), base, 'image');
    if (!src || isTrackingPixel(img)) img.remove();
    else img.setAttribute('src', src);
  }
}

function fixLinks(root: ParentNode, base: string): void {
  for (const link of root.querySelectorAll('a[href]')) {
    const href = markdownDestination(link.getAttribute('href'), base, 'link');
    if (href) link.setAttribute('href', href);
    else link.removeAttribute('href');
  }
}

function embedSource(embed: Element): string | null {
  return (
    embed.getAttribute('src') ??
    embed.getAttribute('data') ??
    embed.querySelector('source[src]')?.getAttribute('src') ??
    null
  );
}

/**
 * Embedded frames and media cannot be shown in Markdown; a link keeps them reachable. Invisible
 * ones (tracking frames) are dropped like tracking pixels.
 */
function replaceEmbeds(root: ParentNode, base: string): void {
  for (const embed of root.querySelectorAll(EMBEDS)) {
    const src = markdownDestination(embedSource(embed), base, 'link');
    if (!src || isTrackingPixel(embed)) {
      embed.remove();
      continue;
    }
    const link = embed.ownerDocument.createElement('a');
    link.setAttribute('href', src);
    // Ad and player URLs are long and meaningless as text; the host says where the embed lives.
    link.textContent = embed.getAttribute('title') || embed.getAttribute('aria-label') || new URL(src).hostname || src;
    embed.replaceWith(link);
  }
}

function removeAll(elements: Iterable<Element>, predicate: (el: Element) => boolean = () => true): void {
  for (const el of elements) if (predicate(el)) el.remove();
}

const TEXT_BLOCKS = new Set(['H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'P']);
const withoutSpace = (node: Node) => (node.textContent ?? '').replace(/\s+/g, '');

/**
 * A button that is all there is to a heading or paragraph (the accordion pattern,
 * `<h3><button>Question?</button></h3>`) is the text itself; other buttons are controls.
 */
export function isTextButton(button: Element): boolean {
  const parent = button.parentElement;
  const text = withoutSpace(button);
  return (
    !!parent && TEXT_BLOCKS.has(parent.nodeName) && text !== '' && withoutSpace(parent) === text && !isHidden(button)
  );
}

export function cleanDom(root: ParentNode, base: string): void {
  for (const button of root.querySelectorAll('button')) {
    if (isTextButton(button)) button.replaceWith(...button.childNodes);
  }
  removeAll(root.querySelectorAll(DROPPED));
  removeAll(root.querySelectorAll(HIDDEN_CANDIDATES), isHidden);
  // Found as in-page links first: matching `h1 a` walks the ancestors of every link of the page.
  removeAll(
    root.querySelectorAll('a[href^="#"]'),
    (link) => PERMALINK_TEXT.test(link.textContent ?? '') && !!link.closest(HEADINGS),
  );
  replaceEmbeds(root, base);
  fixLinks(root, base);
  fixImages(root, base);
}

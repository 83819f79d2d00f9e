/**
 * Math on a page comes as MathML (Wikipedia, KaTeX, MathJax 3's assistive copy, Temml), as
 * MathJax 2 `<script type="math/tex">` sources, or as MathJax 3 CHTML. Each formula is replaced by
 * a `<clip-math>` placeholder holding its TeX, which the Markdown rule writes as `$…$` / `$$…$$`.
 * The renderings beside the source (KaTeX's HTML, fallback images, MathJax's preview) are dropped.
 */
import { isHidden } from './hidden';
import { mathmlToTex } from './mathml-to-tex';
import { isWritableTex, texToMarkdown } from './tex-markdown';

export const MATH_TAG = 'CLIP-MATH';
const TEX_ATTR = 'data-tex';
const DISPLAY_ATTR = 'data-display';

const TEX_ENCODING = /^(?:application\/(?:x-)?(?:la)?tex|tex)$/i;
const DISPLAY_CONTAINER = '.katex-display,[display="true"],.mwe-math-mathml-display';
// Wrappers that hold one formula together with its rendering; replacing the wrapper drops both.
const FORMULA_WRAPPER = '.katex-display,.katex,mjx-container,.mwe-math-element';
const MATHJAX2_RENDERING =
  '.MathJax_Preview,.MathJax_Display,span.MathJax,.MathJax_SVG,.MathJax_SVG_Display,.MathJax_CHTML,.mjx-chtml';

/**
 * The formula's TeX: the first TeX source the page gives that can be written as Markdown math,
 * else TeX rebuilt from the MathML the page shows. A source that cannot be written as it is
 * (one with a `$` of its own) is passed over rather than trusted, since it need not match what
 * is shown.
 */
function texSource(math: Element): string {
  const host = math.parentElement;
  const sources = [
    ...[...math.querySelectorAll('annotation')]
      .filter((annotation) => TEX_ENCODING.test(annotation.getAttribute('encoding') ?? ''))
      .map((annotation) => annotation.textContent),
    math.getAttribute('alttext'),
    host?.getAttribute('data-entry'),
    host?.getAttribute('data-tex'),
    host?.getAttribute('data-latex'),
  ];
  for (const source of sources) {
    const tex = source?.trim();
    if (tex && isWritableTex(tex)) return tex;
  }
  return mathmlToTex(math);
}

function replaceWithTex(target: Element, tex: string, display: boolean): void {
  const trimmed = tex.trim();
  if (!trimmed) {
    target.remove();
    return;
  }
  const placeholder = target.ownerDocument.createElement(MATH_TAG);
  placeholder.setAttribute(TEX_ATTR, trimmed);
  if (display) placeholder.setAttribute(DISPLAY_ATTR, '');
  // Text content keeps the placeholder from counting as blank for turndown.
  placeholder.textContent = trimmed;
  target.replaceWith(placeholder);
}

export function replaceMath(root: ParentNode): void {
  const scripts = root.querySelectorAll('script[type^="math/tex"]');
  if (scripts.length > 0) {
    for (const rendering of root.querySelectorAll(MATHJAX2_RENDERING)) rendering.remove();
    for (const script of scripts) {
      replaceWithTex(script, script.textContent ?? '', /mode\s*=\s*display/.test(script.getAttribute('type') ?? ''));
    }
  }
  for (const container of root.querySelectorAll('mjx-container')) {
    if (container.querySelector('math')) continue;
    const chtml = container.querySelector('mjx-math');
    replaceWithTex(container, chtml ? mathmlToTex(chtml) : '', container.getAttribute('display') === 'true');
  }
  for (const math of root.querySelectorAll('math')) {
    const display =
      math.getAttribute('display') === 'block' ||
      math.getAttribute('mode') === 'display' ||
      !!math.closest(DISPLAY_CONTAINER);
    // A MathML copy kept for assistive technology may sit in a hidden wrapper; it is the formula
    // all the same, so the hidden wrapper is what gets replaced.
    let target: Element = math;
    while (target.parentElement && isHidden(target.parentElement)) target = target.parentElement;
    replaceWithTex(math.closest(FORMULA_WRAPPER) ?? target, texSource(math), display);
  }
}

export const mathRule = {
  filter: (node: HTMLElement) => node.nodeName === MATH_TAG,
  replacement: (_content: string, node: HTMLElement) =>
    texToMarkdown(node.getAttribute(TEX_ATTR) ?? '', node.hasAttribute(DISPLAY_ATTR)),
};

/** Display math cannot span lines inside a table cell; it is written inline there instead. */
export function inlineDisplayMath(root: ParentNode): void {
  for (const math of root.querySelectorAll(`${MATH_TAG}[${DISPLAY_ATTR}]`)) math.removeAttribute(DISPLAY_ATTR);
}

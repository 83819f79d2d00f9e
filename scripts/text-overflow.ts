/**
 * Clipped or overflowing text in a page of ours: what a longer translation breaks first. The check
 * runs in the page (`findOverflowingText` is sent to it whole, so it uses nothing from outside its
 * own body) and measures the layout the browser really made.
 */

/** A piece of text that does not fit where a person reads it. */
export interface OverflowingText {
  /** The element, as `button "Mit Token verbinden"`. */
  element: string;
  problem: string;
}

/**
 * The buttons, labels, legends, summaries, headings and tabs whose text does not fit: wider or
 * taller than the element's own box (cut off, shortened with an ellipsis, or spilling out of it),
 * cut off by an ancestor that clips what overflows it, or past the side of the page; and the page
 * itself when it scrolls sideways. Elements hidden on purpose (`display: none`, a closed
 * `<details>`, the 1 px box of text only screen readers read) are not looked at.
 */
export function findOverflowingText(): OverflowingText[] {
  const selector = 'button, label, legend, summary, h1, h2, h3, h4, h5, h6, [role="tab"], [role="button"]';
  // Sub-pixel layout rounds scroll sizes up: a pixel of slack is not a clipped letter.
  const slack = 1;
  const found: OverflowingText[] = [];
  const root = document.documentElement;
  const pageWidth = root.clientWidth;
  if (root.scrollWidth > pageWidth + slack) {
    found.push({ element: 'the page', problem: `scrolls sideways: ${root.scrollWidth} px wide in ${pageWidth} px` });
  }
  const hiddenOnPurpose = (element: HTMLElement): boolean => {
    for (let node: HTMLElement | null = element; node; node = node.parentElement) {
      const box = node.getBoundingClientRect();
      if (box.width <= 1 && box.height <= 1) return true;
    }
    return !element.checkVisibility({ visibilityProperty: true });
  };
  const clipsOverflow = (value: string) => value !== 'visible';
  const name = (element: Element) =>
    `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
      typeof element.className === 'string' && element.className
        ? `.${element.className.trim().split(/\s+/).join('.')}`
        : ''
    }`;

  for (const element of document.querySelectorAll<HTMLElement>(selector)) {
    if (hiddenOnPurpose(element)) continue;
    const text = element.innerText.replace(/\s+/g, ' ').trim();
    if (!text) continue;
    const label = `${element.tagName.toLowerCase()} "${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;
    const style = getComputedStyle(element);
    if (style.display !== 'inline') {
      if (element.scrollWidth > element.clientWidth + slack) {
        found.push({
          element: label,
          problem: `its text is wider than its box (${element.scrollWidth} px in ${element.clientWidth} px)`,
        });
        continue;
      }
      if (element.scrollHeight > element.clientHeight + slack) {
        found.push({
          element: label,
          problem: `its text is taller than its box (${element.scrollHeight} px in ${element.clientHeight} px)`,
        });
        continue;
      }
    }
    const range = document.createRange();
    range.selectNodeContents(element);
    const extent = range.getBoundingClientRect();
    if (extent.right > pageWidth + slack || extent.left < -slack) {
      found.push({ element: label, problem: `its text runs past the side of the page (${pageWidth} px wide)` });
      continue;
    }
    for (let ancestor = element.parentElement; ancestor && ancestor !== root; ancestor = ancestor.parentElement) {
      if (!clipsOverflow(getComputedStyle(ancestor).overflowX)) continue;
      const box = ancestor.getBoundingClientRect();
      const left = box.left + ancestor.clientLeft;
      const right = left + ancestor.clientWidth;
      if (extent.right > right + slack || extent.left < left - slack) {
        found.push({ element: label, problem: `its text is cut off by ${name(ancestor)}` });
        break;
      }
    }
  }
  return found;
}

/** One line per overflowing text, for a failure to list them all. */
export function describeOverflow(where: string, found: OverflowingText[]): string {
  return found.map((entry) => `  ${where}: ${entry.element}: ${entry.problem}`).join('\n');
}

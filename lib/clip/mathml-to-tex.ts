/**
 * Rebuilds TeX from presentation MathML for math that carries no TeX source (MathJax with MathML
 * input, Temml without `data-entry`), and from MathJax's CHTML output, whose `mjx-*` elements
 * mirror MathML with extra layout wrappers. Symbols stay Unicode: KaTeX and MathJax accept them.
 */

// CHTML lays some scripts out in visual order; these put the children back in MathML order.
const CHTML_ORDER: Record<string, number[]> = {
  msubsup: [0, 2, 1],
  munderover: [1, 2, 0],
  mover: [1, 0],
  mroot: [1, 0],
};

const TEX_SPECIAL = /[{}#%&$_\\]/g;

function isChtml(el: Element): boolean {
  return el.localName.startsWith('mjx-');
}

/**
 * Child math nodes, looking through CHTML layout wrappers (`mjx-frac`, `mjx-script`, …). CHTML
 * lays `munderover` out as an `mjx-over` plus an `mjx-box` holding an inner `mjx-munder`; that
 * inner one is layout too.
 */
function mathChildren(el: Element): Element[] {
  const found: Element[] = [];
  for (const child of el.children) {
    const name = child.localName;
    const layoutMunder = name === 'mjx-munder' && el.parentElement?.localName === 'mjx-munderover';
    if (!name.startsWith('mjx-') || (name.startsWith('mjx-m') && !layoutMunder)) found.push(child);
    else if (name !== 'mjx-c' && name !== 'mjx-surd') found.push(...mathChildren(child));
  }
  return found;
}

function tokenText(el: Element): string {
  let text = el.textContent ?? '';
  // CHTML draws characters in `mjx-c` elements, in Mathematical Alphanumeric code points (𝑥).
  if (isChtml(el)) text = text.normalize('NFKC');
  return text
    .replace(/[\u2061-\u2064]/g, '')
    .replace(/\u2212/g, '-')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(TEX_SPECIAL, (c) => (c === '\\' ? '\\backslash ' : `\\${c}`));
}

/** Whether a base is an operator (∑, lim), whose under/over scripts are limits. */
function isOperator(el: Element | undefined): boolean {
  const name = el?.localName.replace('mjx-', '');
  if (name === 'mrow' && el) {
    const [only, extra] = mathChildren(el);
    return !extra && isOperator(only);
  }
  return name === 'mo';
}

function convert(el: Element): string {
  const tag = el.localName.replace(/^mjx-/, '');
  if (tag === 'annotation' || tag === 'annotation-xml') return '';
  if (tag === 'mi' || tag === 'mn' || tag === 'mo' || tag === 'ms') {
    const text = tokenText(el);
    return tag === 'mi' && text.length > 1 ? `\\mathrm{${text}}` : text;
  }
  if (tag === 'mtext') return `\\text{${tokenText(el)}}`;
  if (tag === 'mspace') return ' ';
  let kids = mathChildren(el);
  const order = isChtml(el) ? CHTML_ORDER[tag] : undefined;
  if (order) kids = order.flatMap((i) => kids[i] ?? []);
  if (tag === 'semantics') kids = kids.slice(0, 1);
  const parts = kids.map(convert);
  const [a = '', b = '', c = ''] = parts;
  const limits = isOperator(kids[0]);
  switch (tag) {
    case 'mfrac':
      return `\\frac{${a}}{${b}}`;
    case 'msqrt':
      return `\\sqrt{${parts.join('')}}`;
    case 'mroot':
      return `\\sqrt[${b}]{${a}}`;
    case 'msub':
      return `${a || '{}'}_{${b}}`;
    case 'msup':
      return `${a || '{}'}^{${b}}`;
    case 'msubsup':
      return `${a || '{}'}_{${b}}^{${c}}`;
    case 'munder':
      return limits ? `${a}_{${b}}` : `\\underset{${b}}{${a}}`;
    case 'mover':
      return limits ? `${a}^{${b}}` : `\\overset{${b}}{${a}}`;
    case 'munderover':
      return limits ? `${a}_{${b}}^{${c}}` : `\\underset{${b}}{\\overset{${c}}{${a}}}`;
    case 'mtable':
      return `\\begin{matrix}${parts.join(' \\\\ ')}\\end{matrix}`;
    case 'mtr':
      return parts.join(' & ');
    default:
      return parts.join('');
  }
}

export function mathmlToTex(math: Element): string {
  return convert(math).replace(/\s+/g, ' ').trim();
}

/**
 * Code blocks: every `<pre>` (with or without `<code>`) becomes a fenced block whose text is the
 * code exactly as displayed — highlighting spans flattened, `<br>` and line `<div>`s as newlines —
 * tagged with the language the page's class names announce.
 */
import { CODE_END, CODE_START } from './escape-markdown';

const LANGUAGE_ATTR = 'data-clip-language';

// `language-x`, `lang-x`, GitHub/Sphinx `highlight-source-x` / `highlight-x`, SyntaxHighlighter `brush: x`.
const LANGUAGE_CLASS = /(?:^|\s)(?:language-|lang-|highlight-(?:source-|text-)?|brush:\s*)([\w#+.-]+)/i;
const NOT_A_LANGUAGE = /^(?:none|default|nohighlight|plain|plaintext)$/i;

function languageOf(pre: Element): string {
  // Highlighters put the hint on the code, the pre, or a wrapper a couple of levels up.
  const candidates = [pre.querySelector('code'), pre, pre.parentElement, pre.parentElement?.parentElement];
  for (const el of candidates) {
    if (!el) continue;
    const language =
      el.getAttribute('data-lang') ||
      el.getAttribute('data-language') ||
      LANGUAGE_CLASS.exec(el.getAttribute('class') ?? '')?.[1];
    if (language) return NOT_A_LANGUAGE.test(language) ? '' : language.replace(/[^\w#+.-]/g, '').toLowerCase();
  }
  return '';
}

function appendCodeText(node: Node, out: string[]): void {
  for (let child = node.firstChild; child; child = child.nextSibling) {
    if (child.nodeType === 3) {
      out.push((child as Text).data);
    } else if (child.nodeName === 'BR') {
      out.push('\n');
    } else if (child.nodeType === 1) {
      // Line-per-div highlighters rely on block layout, not newline characters.
      const isLine = child.nodeName === 'DIV' || child.nodeName === 'P';
      if (isLine && out.length > 0 && !out[out.length - 1]?.endsWith('\n')) out.push('\n');
      appendCodeText(child, out);
    }
  }
}

function codeText(pre: Element): string {
  const out: string[] = [];
  appendCodeText(pre, out);
  // The markers bracket code while the Markdown is assembled; page text must not fake them.
  return out.join('').replaceAll(CODE_START, '').replaceAll(CODE_END, '');
}

/** Replaces each outermost `<pre>`'s content with its plain code text and records its language. */
export function normalizeCodeBlocks(root: ParentNode): void {
  for (const pre of root.querySelectorAll('pre')) {
    if (pre.parentElement?.closest('pre')) continue;
    const language = languageOf(pre);
    pre.textContent = codeText(pre);
    if (language) pre.setAttribute(LANGUAGE_ATTR, language);
  }
}

export const codeBlockRule = {
  filter: 'pre' as const,
  replacement: (_content: string, node: HTMLElement) => {
    // The HTML parser already drops the newline right after `<pre>`; a final one is not shown.
    const code = (node.textContent ?? '').replace(/\n$/, '');
    if (!code.trim()) return '';
    const longestRun = (code.match(/`+/g) ?? []).reduce((longest, run) => Math.max(longest, run.length), 0);
    const fence = '`'.repeat(Math.max(3, longestRun + 1));
    const language = node.getAttribute(LANGUAGE_ATTR) ?? '';
    return `\n\n${fence}${language}${CODE_START}\n${code}\n${CODE_END}${fence}\n\n`;
  },
};

/** A selection quoted with its source, for notes and daily-note entries. Pure strings. */
import { escapeMarkdownText } from './escape-markdown';
import { markdownUrl } from './urls';

export interface QuotedSelection {
  markdown: string;
  title: string;
  url: string;
}

/** Where a clip comes from, as `— [Title](url)`; the address stands in for a missing title. */
export function sourceLine({ title, url }: { title: string; url: string }): string {
  return `— [${escapeMarkdownText(title.replace(/\s+/g, ' ').trim() || url)}](${markdownUrl(url)})`;
}

/**
 * The selection as a blockquote followed by its source line. Every line is prefixed, blank ones
 * with a bare `>`, so code fences and tables inside the quote stay one block.
 */
export function quoteWithSource({ markdown, title, url }: QuotedSelection): string {
  const body = markdown.replace(/^\s*\n|\s+$/g, '');
  const source = sourceLine({ title, url });
  if (!body) return source;
  const quote = body
    .split('\n')
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
  return `${quote}\n\n${source}`;
}

/** Test-only helpers that turn HTML strings into nodes (production code never parses strings). */
import { htmlToMarkdown } from '../../../lib/clip/markdown';

export const PAGE_URL = 'https://example.com/docs/page.html';

export function fragment(html: string): DocumentFragment {
  const template = document.createElement('template');
  template.innerHTML = html;
  return template.content;
}

export function md(html: string, baseUrl = PAGE_URL): string {
  return htmlToMarkdown(fragment(html), { baseUrl });
}

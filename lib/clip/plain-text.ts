/**
 * Plain text as Markdown, for selections no script could read (browser pages, PDFs, stores):
 * the text a context menu hands over. Pure string code, for the background service worker.
 */
import { escapeMarkdownText } from './escape-markdown';

export function plainTextToMarkdown(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split(/\n[ \t\u00a0]*\n\s*/)
    .map((paragraph) =>
      paragraph
        .split('\n')
        // Leading spaces would make an indented code block; in copied text they are layout.
        .map((line) => escapeMarkdownText(line.trim()))
        .filter(Boolean)
        .join('\n'),
    )
    .filter(Boolean)
    .join('\n\n');
}

import { escapeMarkdownText } from '@/lib/clip/escape-markdown';
import { sourceLine } from '@/lib/clip/quote';

/** What "Copy as Markdown" needs of one highlight. */
export interface QuotedHighlight {
  quote: string;
  note: string;
}

/** Each line escaped, so a quote or note is always read as the text it is and never as Markdown. */
function escapeLines(text: string): string[] {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split('\n')
    .map((line) => escapeMarkdownText(line.trim()));
}

/**
 * A page's highlights as Markdown, in the order given: each quote a blockquote (a blank line of
 * it a bare `>`, so a quote over two paragraphs stays one block), its note the paragraph after it,
 * and the page as the last line (`— [Title](url)`).
 */
export function highlightsMarkdown(highlights: QuotedHighlight[], page: { title: string; url: string }): string {
  const parts = highlights.map(({ quote, note }) => {
    const quoted = escapeLines(quote)
      .map((line) => (line ? `> ${line}` : '>'))
      .join('\n');
    const noteText = note.trim() ? escapeLines(note).join('\n') : '';
    return noteText ? `${quoted}\n\n${noteText}` : quoted;
  });
  return [...parts, sourceLine(page)].join('\n\n');
}

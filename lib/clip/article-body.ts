/**
 * The body of a weblink that keeps its article: the source line (as a quoted selection ends with)
 * and the capture time first, then the article. Pure strings.
 */
import { formatCaptureTime } from './capture-time';
import { sourceLine } from './quote';

export interface ArticleSource {
  title: string;
  url: string;
  capturedAt: Date;
  /** IANA name; without it, the runtime's own zone (the person's). */
  timeZone?: string;
}

/** `— [Title](url) · 2026-11-24 14:03 UTC+01:00`, a blank line, then the article's Markdown. */
export function articleBody(markdown: string, { title, url, capturedAt, timeZone }: ArticleSource): string {
  const header = `${sourceLine({ title, url })} · ${formatCaptureTime(capturedAt, timeZone)}`;
  const article = markdown.replace(/^\s*\n|\s+$/g, '');
  return article ? `${header}\n\n${article}` : header;
}

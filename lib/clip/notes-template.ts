/**
 * A space's notes template: plain text with `{{title}}`, `{{url}}`, `{{selection}}`,
 * `{{author}}`, `{{published}}`, `{{site}}` and `{{date}}`, filled by one text replacement — no
 * code runs, and a value is never read as template (a title `{{url}}` stays that text).
 *
 * The page's values are page data, so each is written as literal text: one line, with everything
 * Markdown would read as markup escaped (a title `[x](javascript:…)` stays those characters), and
 * the address percent-encoded where it could end a link. The selection is the exception: it is
 * already Markdown made by the clip converter, which escaped the page's text node by node and
 * kept only absolute http(s) links; escaping it again would turn its links, emphasis, code and
 * tables into backslashes and symbols. Placed after a line's blockquote markers or indentation
 * (`> {{selection}}`), its every line gets the same prefix, so a quote keeps all of it.
 *
 * A variable with no value (a page without author) becomes empty; a name the template does not
 * know stays as written, so a typo shows in the preview. Names are lowercase, and spaces inside
 * the braces are allowed (`{{ title }}`).
 */
import { formatCaptureTime } from './capture-time';
import { escapeMarkdownText } from './escape-markdown';
import { publishedDay } from './published-date';
import { markdownUrl } from './urls';

export const NOTES_TEMPLATE_VARIABLES = ['title', 'url', 'selection', 'author', 'published', 'site', 'date'] as const;
export type NotesTemplateVariable = (typeof NOTES_TEMPLATE_VARIABLES)[number];

export interface NotesTemplateValues {
  title: string;
  url: string;
  /** The selection's Markdown, as the clip converter made it; null without a selection. */
  selection: string | null;
  author: string | null;
  /** As `PageMetadata.publishedAt` gives it. */
  published: string | null;
  site: string | null;
  /** Now, for `{{date}}`, written as the capture time of an article (see `capture-time`). */
  now: Date;
  /** IANA name for `{{date}}`; without it, the runtime's own zone (the person's). */
  timeZone?: string;
}

const VARIABLE = /\{\{\s*([a-z]+)\s*\}\}/g;
// What may stand before `{{selection}}` on its line for every line of the selection to repeat it.
const LINE_PREFIX = /^[ \t>]*$/;

function isVariable(name: string): name is NotesTemplateVariable {
  return (NOTES_TEMPLATE_VARIABLES as readonly string[]).includes(name);
}

function literal(value: string | null): string {
  return value ? escapeMarkdownText(value.replace(/\s+/g, ' ').trim()) : '';
}

/** `published` as its day (`2019-01-03`) when it names one, else the page's own text. */
function publishedText(value: string | null): string {
  return publishedDay(value)?.slice(0, 10) ?? literal(value);
}

function selectionText(markdown: string | null, linePrefix: string): string {
  const body = markdown?.replace(/^\s*\n|\s+$/g, '') ?? '';
  if (!LINE_PREFIX.test(linePrefix)) return body;
  return body
    .split('\n')
    .map((line, index) => (index === 0 ? line : line ? `${linePrefix}${line}` : linePrefix.trimEnd()))
    .join('\n');
}

function variableValue(name: NotesTemplateVariable, values: NotesTemplateValues, linePrefix: string): string {
  switch (name) {
    case 'title':
      return literal(values.title);
    case 'url':
      return markdownUrl(values.url.trim());
    case 'selection':
      return selectionText(values.selection, linePrefix);
    case 'author':
      return literal(values.author);
    case 'published':
      return publishedText(values.published);
    case 'site':
      return literal(values.site);
    case 'date':
      return formatCaptureTime(values.now, values.timeZone);
  }
}

export function renderNotesTemplate(template: string, values: NotesTemplateValues): string {
  return template.replace(VARIABLE, (written: string, name: string, offset: number) => {
    if (!isVariable(name)) return written;
    const linePrefix = template.slice(template.lastIndexOf('\n', offset - 1) + 1, offset);
    return variableValue(name, values, linePrefix);
  });
}

import type { KeepChoice } from '../clips/clip-fields';
import { toProperties } from '../fields/field-payload';
import type { FieldValue } from '../fields/field-value';
import type { ClipTemplate } from '../message-schemas';
import type { ArticleFindings } from './article';
import { articleBody } from './article-body';
import { renderNotesTemplate } from './notes-template';
import { fieldValuesFromPage } from './page-fields';
import { ARTICLE_SOURCES, type MappedDefinition } from './page-sources';
import type { Prefill, PrefillPage, PrefillRequest } from './prefill-request';
import { quoteWithSource } from './quote';

/**
 * What a new weblink clip starts with, from the page and the space's clip template: its notes,
 * its typed properties, and the body it keeps. The same for the popup (which lets the person change
 * everything first) and for quick clips (which save it as it is).
 */

/** The article, when it was read and found. */
export interface PrefillArticle {
  markdown: string;
  words: number;
  findings: ArticleFindings;
}

/**
 * What the body keeps when the person has not chosen: the article where they kept it on this site
 * last time; else the selection when there is one (selecting text is the newer choice than a link
 * kept last time); else what they kept on this site last time, or the link.
 */
export function defaultKeep(remembered: KeepChoice | undefined, hasSelection: boolean): KeepChoice {
  if (remembered === 'article') return 'article';
  if (hasSelection) return 'selection';
  return 'link';
}

/**
 * The notes a new clip starts with: the space's notes template, rendered with the page's values,
 * when it has one; else the selection as a quote with its source, unless only the link is kept
 * (with the article, the quote comes first: what the person marked, then the whole).
 */
export function prefilledNotes(template: ClipTemplate, page: PrefillPage, keep: KeepChoice, now: Date): string {
  if (template.notesTemplate.trim() !== '') {
    return renderNotesTemplate(template.notesTemplate, {
      title: page.title,
      url: page.url,
      selection: page.selection?.markdown ?? null,
      author: page.metadata?.author ?? null,
      published: page.metadata?.publishedAt ?? null,
      site: page.metadata?.siteName ?? null,
      now,
    });
  }
  if (keep === 'link' || !page.selection?.markdown) return '';
  return quoteWithSource({ markdown: page.selection.markdown, title: page.title || page.url, url: page.url });
}

/** The field values the space's field mapping fills from the page (none without metadata), as the popup shows them. */
export function prefilledValues(
  template: ClipTemplate,
  definitions: readonly MappedDefinition[],
  page: PrefillPage,
  article: PrefillArticle | null,
): Record<string, FieldValue> {
  if (!page.metadata) return {};
  return fieldValuesFromPage(definitions, template.fieldMappings, {
    metadata: page.metadata,
    article,
    selectionText: page.selection?.text ?? null,
  });
}

/**
 * The weblink's body as sent: the person's notes, and when the article is kept, the article after
 * them (with its source line and the capture time on top). The background splits a long one into
 * the create request and ordered appends.
 */
export function keptBody(
  notes: string,
  keep: KeepChoice,
  article: PrefillArticle | null,
  page: Pick<PrefillPage, 'url' | 'title'>,
  capturedAt: Date,
): string {
  if (keep !== 'article' || !article) return notes;
  const body = articleBody(article.markdown, { title: page.title || page.url, url: page.url, capturedAt });
  return [notes.trim(), body].filter((part) => part !== '').join('\n\n');
}

/** Whether the clip needs the article: it is kept, or a mapped value only the article has (its word count). */
export function needsArticle(template: ClipTemplate, keep: KeepChoice): boolean {
  return keep === 'article' || template.fieldMappings.some((mapping) => ARTICLE_SOURCES.has(mapping.source));
}

/** Whether the template or the kept body changes anything about a clip of the page's link. */
export function prefillApplies(template: ClipTemplate, keep: KeepChoice): boolean {
  return template.fieldMappings.length > 0 || template.notesTemplate.trim() !== '' || keep === 'article';
}

/** The properties and body the template gives the page (with its article, when it was read and found). */
export function prefillClip(request: PrefillRequest, article: PrefillArticle | null): Prefill {
  const { template, definitions, keep, page } = request;
  const now = new Date(request.now);
  return {
    properties: toProperties(definitions, prefilledValues(template, definitions, page, article)),
    notes: keptBody(prefilledNotes(template, page, keep, now), keep, article, page, now),
  };
}

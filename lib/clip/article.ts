/**
 * The page's article, as a reader view shows it, in Markdown: Mozilla's Readability (the library
 * behind Firefox's Reader View) finds the article in an inert copy of the page, and the clip
 * converter writes it. Before Readability rewrites the copy, the copy is made to say what the
 * converter would keep: formulas become their TeX (Readability drops MathJax's sources with the
 * scripts and Wikipedia's MathML as hidden), an accordion's question buttons become text
 * (Readability drops every button), and what the page hides is removed, so that hidden text can
 * neither end up in the article nor make a hidden block look like the article.
 */
import { Readability } from '@mozilla/readability';
import { MAX_METADATA_CODE_LENGTH, MAX_METADATA_TEXT_LENGTH, MAX_TITLE_LENGTH } from './capture-limits';
import { isTextButton } from './clean-dom';
import { MAX_CLIP_BYTES } from './clip-limits';
import { normalizeCodeBlocks } from './code-blocks';
import { HIDDEN_CANDIDATES, isHidden } from './hidden';
import { inertPageCopy } from './inert-page-copy';
import { htmlToLimitedMarkdown } from './markdown';
import { MATH_TAG, replaceMath } from './math';
import { cut } from './metadata';
import { countWords } from './selection';

/** What Readability found out about the article; null where it found nothing. */
export interface ArticleFindings {
  title: string | null;
  byline: string | null;
  siteName: string | null;
  /** As the page states it (Readability reads `article:published_time` and JSON-LD). */
  publishedTime: string | null;
  excerpt: string | null;
  /** The `lang` of the page's root element. */
  language: string | null;
  /** The `dir` of the article or the nearest ancestor that states one. */
  direction: 'ltr' | 'rtl' | 'auto' | null;
}

/**
 * What the article content script hands back to the background: page data, never a token.
 * `no-article`: Readability found nothing to read (the popup offers the link only);
 * `too-large`: the article's Markdown passes the clip limit, by an estimate of its UTF-8 size.
 */
export type ArticleCapture =
  | {
      kind: 'article';
      markdown: string;
      /** UTF-16 code units of the Markdown, as the API's request limit counts characters. */
      characters: number;
      words: number;
      findings: ArticleFindings;
    }
  | { kind: 'no-article' }
  | { kind: 'too-large'; oversizedBytes: number };

/** The article as Readability left it, in the inert copy, with what it found. */
export interface ReadArticle {
  content: Element;
  findings: ArticleFindings;
}

// Never shown by their nature rather than hidden by the page; Readability still reads JSON-LD
// from scripts and the real images of lazy loaders from `<noscript>`, and drops them itself.
const NEVER_SHOWN = new Set(['script', 'noscript', 'style', 'template']);

/** Rewrites the copy into what the converter would keep of it, before Readability sees it. */
function prepareCopy(body: HTMLElement): void {
  // Code as plain text first: Readability turns a `<br><br>` in a code block into a paragraph.
  normalizeCodeBlocks(body);
  replaceMath(body);
  // Readability ends a paragraph at an element it does not know; a span keeps a formula inline.
  for (const formula of body.querySelectorAll(MATH_TAG)) {
    const span = body.ownerDocument.createElement('span');
    formula.replaceWith(span);
    span.append(formula);
  }
  for (const button of body.querySelectorAll('button')) {
    if (isTextButton(button)) button.replaceWith(...button.childNodes);
  }
  for (const el of body.querySelectorAll(HIDDEN_CANDIDATES)) {
    if (!NEVER_SHOWN.has(el.localName) && isHidden(el)) el.remove();
  }
  // Collapsed, not irrelevant: find-in-page reveals it, and the converter keeps it.
  for (const el of body.querySelectorAll('[hidden="until-found" i]')) el.removeAttribute('hidden');
}

function text(value: string | null | undefined, max: number): string | null {
  // Only Latin whitespace collapses: an ideographic space (U+3000) is part of CJK titles.
  const cleaned = value?.replace(/[ \t\r\n\f\v\u00a0]+/g, ' ').trim();
  return cleaned ? cut(cleaned, max) : null;
}

function direction(value: string | null | undefined): ArticleFindings['direction'] {
  const dir = value?.trim().toLowerCase();
  return dir === 'ltr' || dir === 'rtl' || dir === 'auto' ? dir : null;
}

/** Finds the article in an inert copy of `doc`; null when Readability finds none. `doc` is not modified. */
export function readArticle(doc: Document): ReadArticle | null {
  const copy = inertPageCopy(doc);
  if (!copy.body) return null;
  prepareCopy(copy.body);
  // The classes carry what the converter reads: code languages, table roles.
  const article = new Readability(copy, { keepClasses: true, serializer: (node) => node as Element }).parse();
  if (!article?.content) return null;
  return {
    content: article.content,
    findings: {
      title: text(article.title, MAX_TITLE_LENGTH),
      byline: text(article.byline, MAX_METADATA_TEXT_LENGTH),
      siteName: text(article.siteName, MAX_METADATA_TEXT_LENGTH),
      publishedTime: text(article.publishedTime, MAX_METADATA_CODE_LENGTH),
      excerpt: text(article.excerpt, MAX_METADATA_TEXT_LENGTH),
      language: text(article.lang, MAX_METADATA_CODE_LENGTH),
      direction: direction(article.dir),
    },
  };
}

/** The article as the content script returns it: its Markdown, with its length. */
export function articleCapture(article: ReadArticle | null, pageUrl: string): ArticleCapture {
  if (!article) return { kind: 'no-article' };
  const converted = htmlToLimitedMarkdown(article.content, { baseUrl: pageUrl, maxBytes: MAX_CLIP_BYTES });
  if (converted.oversizedBytes !== undefined) return { kind: 'too-large', oversizedBytes: converted.oversizedBytes };
  const { markdown } = converted;
  if (!markdown) return { kind: 'no-article' };
  return {
    kind: 'article',
    markdown,
    characters: markdown.length,
    words: countWords(article.content.textContent ?? ''),
    findings: article.findings,
  };
}

/** What the article content script returns for the page it runs in. */
export function extractArticle(doc: Document): ArticleCapture {
  return articleCapture(readArticle(doc), doc.URL);
}

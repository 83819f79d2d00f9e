/** Reading the shared corpus of real pages (read-only) into inert happy-dom documents. */
import fs from 'node:fs';
import path from 'node:path';
import { Window } from 'happy-dom';

export const CORPUS_DIR = path.resolve(__dirname, '../../../../shared/corpus');
export const corpusAvailable = fs.existsSync(CORPUS_DIR);
if (!corpusAvailable) console.warn(`Corpus not found at ${CORPUS_DIR}: the corpus tests are skipped.`);

export interface CorpusPage {
  name: string;
  html: string;
  /** Present for the readability pages, absent for defuddle fixtures. */
  expectedMetadata?: Record<string, unknown>;
}

export function corpusPages(): CorpusPage[] {
  const pagesDir = path.join(CORPUS_DIR, 'pages');
  const pages: CorpusPage[] = fs
    .readdirSync(pagesDir)
    .filter((name) => fs.existsSync(path.join(pagesDir, name, 'source.html')))
    .map((name) => ({
      name,
      html: fs.readFileSync(path.join(pagesDir, name, 'source.html'), 'utf8'),
      expectedMetadata: JSON.parse(fs.readFileSync(path.join(pagesDir, name, 'expected-metadata.json'), 'utf8')),
    }));
  const defuddleDir = path.join(CORPUS_DIR, 'defuddle');
  for (const file of fs.readdirSync(defuddleDir).filter((f) => f.endsWith('.html'))) {
    pages.push({ name: `defuddle/${file}`, html: fs.readFileSync(path.join(defuddleDir, file), 'utf8') });
  }
  return pages;
}

/** Parses a page without running or fetching anything, at the given URL. */
export function parsePage(html: string, url = 'https://example.com/'): Document {
  const window = new Window({
    url,
    settings: { disableJavaScriptEvaluation: true, handleDisabledFileLoadingAsSuccess: true },
  });
  const document = new window.DOMParser().parseFromString(html, 'text/html');
  return document as unknown as Document;
}

/** The page's own idea of its address, else a plausible one under example.com. */
export function pageUrl(document: Document, name: string): string {
  for (const href of [
    document.querySelector('link[rel="canonical"]')?.getAttribute('href'),
    document.querySelector('meta[property="og:url"]')?.getAttribute('content'),
  ]) {
    try {
      if (href) return new URL(href, 'https://example.com/').href;
    } catch {}
  }
  return `https://example.com/${name}/`;
}

import { fold } from '@/lib/capture/fold';
import type { PageReading } from '@/lib/capture/page-values';

/** Title searches for tags a popup makes at most: each is a request within the search budget. */
const MAX_TERMS = 4;
const SHORTEST = 3;

/**
 * The page's words most likely to name a tag, for title searches of the space's tags: its
 * keywords and JSON-LD `about` first, then the longer words of its title, each once.
 */
export function searchTerms(reading: PageReading): string[] {
  const values = (name: 'keywords' | 'about' | 'title') => (reading.values[name] ?? []).map(({ value }) => value);
  const words = [
    ...values('keywords').flatMap((value) => value.split(',')),
    ...values('about'),
    ...values('title')
      .slice(0, 1)
      .flatMap((title) => fold(title).split(' '))
      .sort((a, b) => b.length - a.length),
  ];
  const terms: string[] = [];
  for (const word of words.map((value) => fold(value))) {
    if (word.length >= SHORTEST && !terms.includes(word)) terms.push(word);
    if (terms.length === MAX_TERMS) break;
  }
  return terms;
}

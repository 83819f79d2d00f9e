import { fold } from '@/lib/capture/fold';
import type { PageReading } from '@/lib/capture/page-values';

const SHORTEST = 3;

/**
 * The page's word most likely to name a tag, for the one tag search the suggestions make: its
 * first keyword, else its JSON-LD `about`, else the longest word of its title.
 */
export function searchTerm(reading: PageReading): string | undefined {
  const values = (name: 'keywords' | 'about' | 'title') => (reading.values[name] ?? []).map(({ value }) => value);
  const words = [
    ...values('keywords').flatMap((value) => value.split(',')),
    ...values('about'),
    ...values('title')
      .slice(0, 1)
      .flatMap((title) => fold(title).split(' '))
      .sort((a, b) => b.length - a.length),
  ];
  return words.map((value) => fold(value)).find((word) => word.length >= SHORTEST);
}

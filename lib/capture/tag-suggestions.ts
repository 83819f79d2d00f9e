/**
 * "Suggested tags": existing tags of the space that the page talks about, matched on this
 * device with no model and no request. A tag is suggested when its name (folded as tag names
 * are, lib/capture/tag-names.ts) appears as whole words in what the page says it is about: its
 * title, keywords, JSON-LD `keywords` and `about`, its headings, and its address's path. Places
 * that name the subject weigh more than headings, and a tag found in more places comes first;
 * ties go by name, so the same page and tags always give the same suggestions.
 */
import type { PageReading } from './page-values';
import { type SpaceTag, tagKey } from './tag-names';

export const MAX_SUGGESTED_TAGS = 5;
// Phrases longer than this are not looked for: tags are a word or a few.
const MAX_PHRASE_WORDS = 4;
const WEIGHT = { title: 4, keywords: 3, about: 3, path: 2, headings: 1 } as const;

/** Every run of up to four words of each text, with the weight of the place it came from. */
function phraseWeights(places: readonly [texts: readonly string[], weight: number][]): Map<string, number> {
  const weights = new Map<string, number>();
  for (const [texts, weight] of places) {
    // A phrase counts once per place, however often the place repeats it.
    const seen = new Set<string>();
    for (const text of texts) {
      const words = tagKey(text).split(' ').filter(Boolean);
      for (let start = 0; start < words.length; start += 1) {
        for (let length = 1; length <= MAX_PHRASE_WORDS && start + length <= words.length; length += 1) {
          seen.add(words.slice(start, start + length).join(' '));
        }
      }
    }
    for (const phrase of seen) weights.set(phrase, (weights.get(phrase) ?? 0) + weight);
  }
  return weights;
}

/** The words of the address's path: `/topics/web-components/` gives "topics web components". */
function pathWords(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const { pathname } = new URL(url);
  let decoded = pathname;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {}
  return [decoded.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[/_.-]+/g, ' ')];
}

const texts = (reading: PageReading, name: 'title' | 'keywords' | 'about' | 'headings') =>
  (reading.values[name] ?? []).map(({ value }) => value);

/**
 * Up to five tags of `tags` the page is about, best first, leaving out `exclude` (ids of tags
 * already on the clip).
 */
export function suggestTags<T extends SpaceTag>(
  tags: readonly T[],
  reading: PageReading,
  exclude: Iterable<string> = [],
  limit = MAX_SUGGESTED_TAGS,
): T[] {
  const weights = phraseWeights([
    [texts(reading, 'title').slice(0, 1), WEIGHT.title],
    [texts(reading, 'keywords'), WEIGHT.keywords],
    [texts(reading, 'about'), WEIGHT.about],
    [pathWords(reading.url), WEIGHT.path],
    [texts(reading, 'headings'), WEIGHT.headings],
  ]);
  const excluded = new Set(exclude);
  // A tag of the same name as one on the clip, or as one suggested already, adds nothing.
  const taken = new Set(tags.filter((tag) => excluded.has(tag.id)).map((tag) => tagKey(tag.title)));
  const scored: { tag: T; key: string; score: number }[] = [];
  for (const tag of tags) {
    const key = tagKey(tag.title);
    const score = weights.get(key);
    // One letter matches too much.
    if (!score || key.length < 2 || taken.has(key)) continue;
    taken.add(key);
    scored.push({ tag, key, score });
  }
  scored.sort((a, b) => b.score - a.score || compare(a.key, b.key) || compare(a.tag.id, b.tag.id));
  return scored.slice(0, limit).map(({ tag }) => tag);
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

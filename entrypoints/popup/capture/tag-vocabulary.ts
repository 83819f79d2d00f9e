/**
 * The tags of a space this device knows, which the suggested tags are chosen among: the API lists
 * a space's tags only page by page (2,500 tags are 25 requests), so instead of asking, the popup
 * keeps every tag it met (../learn-tags.ts: its tag box's searches, in this popup and earlier ones,
 * and the saved weblinks it showed) with the remembered (pinned and recent) tags, per space in
 * `storage.local` (`tagVocabularyItem`).
 * Suggesting then needs no request of its own. Bounded: the tags seen least recently go first.
 */
import { useEffect, useState } from 'react';
import type { SpaceTag } from '@/lib/capture/tag-names';
import { tagVocabularyItem } from '@/lib/capture/tag-vocabulary-item';

/** Tags kept per space: a few hundred kilobytes at most, read once per popup after its first paint. */
export const VOCABULARY_CAP = 2_000;

/**
 * `known` with `seen` moved to the front in their order, each tag once (by id, under the title it
 * was seen with last), at most `cap` of them.
 */
export function withSeen(
  known: readonly SpaceTag[],
  seen: readonly SpaceTag[],
  cap: number = VOCABULARY_CAP,
): SpaceTag[] {
  const byId = new Map<string, SpaceTag>();
  for (const { id, title } of [...seen, ...known]) if (!byId.has(id)) byId.set(id, { id, title });
  return [...byId.values()].slice(0, cap);
}

/**
 * The tags of `known` the vocabulary lacks, or holds under another title, each once: a tag both
 * pinned and recent under two titles is written once, not back and forth.
 */
export function missingFrom(vocabulary: readonly SpaceTag[], known: readonly SpaceTag[]): SpaceTag[] {
  const titles = new Map(vocabulary.map((tag) => [tag.id, tag.title]));
  return withSeen([], known, Number.POSITIVE_INFINITY).filter((tag) => titles.get(tag.id) !== tag.title);
}

// One write at a time: two searches answering together must not each overwrite the other's tags.
let writing: Promise<void> = Promise.resolve();

/**
 * Adds `seen` to the space's vocabulary as its most recent tags. Never rejects: a write that fails
 * (storage full) costs suggestions only, never what the person typed.
 */
export function rememberTags(spaceId: string, seen: readonly SpaceTag[]): Promise<void> {
  if (seen.length === 0) return writing;
  writing = writing.then(async () => {
    try {
      const all = await tagVocabularyItem.getValue();
      await tagVocabularyItem.setValue({ ...all, [spaceId]: withSeen(all[spaceId] ?? [], seen) });
    } catch {}
  });
  return writing;
}

// Stable: the suggestions are memoised on it.
const NO_TAGS: SpaceTag[] = [];

/** The space's vocabulary, kept current as searches add to it; undefined until it is read. */
export function useTagVocabulary(spaceId: string): readonly SpaceTag[] | undefined {
  const [all, setAll] = useState<Record<string, SpaceTag[]>>();
  useEffect(() => {
    let changed = false;
    const unwatch = tagVocabularyItem.watch((value) => {
      changed = true;
      setAll(value);
    });
    // A change seen first is newer than this read.
    void tagVocabularyItem.getValue().then((value) => changed || setAll(value));
    return unwatch;
  }, []);
  return all && (all[spaceId] ?? NO_TAGS);
}

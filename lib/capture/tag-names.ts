/**
 * Tag names compared as a person means them: case, diacritics, hyphens and spacing aside, and a
 * plural the same as its singular — "JavaScript", "javascript", "Web-Components" and "web
 * component" are one tag each. A tag typed by the person that folds to an existing one is that
 * one: the space never gets a near-duplicate (Karakeep's most-voted complaint).
 */
import { fold } from './fold';

/**
 * A word's singular-and-plural stem: a final `s` dropped (not from `ss`, `us`, `sis`, `xis`), then a
 * final `e`, and a final `y` read as `i`, so `libraries`/`library`, `classes`/`class`,
 * `databases`/`database` and `movies`/`movie` meet. Words of three letters or fewer are kept as
 * they are (`js`, `css`, `ios`). Not a real singular: it is only ever compared, never shown.
 */
function stem(word: string): string {
  if (word.length <= 3 || !/^[a-z]+$/.test(word)) return word;
  let stemmed = /(?:ss|us|sis|xis)$/.test(word) ? word : word.replace(/s$/, '');
  stemmed = stemmed.replace(/e$/, '').replace(/y$/, 'i');
  return stemmed.length >= 3 ? stemmed : word;
}

/** What two tag names are compared on. */
export function tagKey(name: string): string {
  return fold(name).split(' ').filter(Boolean).map(stem).join(' ');
}

export interface SpaceTag {
  id: string;
  title: string;
}

/** The existing tag a typed name stands for, if any: use it rather than create a new one. */
export function existingTagFor<T extends SpaceTag>(typed: string, tags: readonly T[]): T | undefined {
  const key = tagKey(typed);
  return key === '' ? undefined : tags.find((tag) => tagKey(tag.title) === key);
}

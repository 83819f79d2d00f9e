/**
 * Names of linked objects (an Author → Person), as a page writes them and as a space titles
 * them. Highwire and Dublin Core write "Last, First" (`Lovelace, Ada`, `Jong, Michiel de`); a
 * space titles a Person "Ada Lovelace". Two names are the same when they fold to the same words
 * in "First Last" order (lib/capture/fold.ts). Initials are not expanded: "A. Lovelace" is not
 * linked to "Ada Lovelace", as a wrong link is worse than a second chip to confirm.
 */
import { fold } from './fold';

// What may follow a comma without being a first name: "Smith, Jr.", "Acme, Inc.".
const SUFFIX = /^(?:jr|sr|ii|iii|iv|phd|md|esq|inc|ltd|llc|gmbh|corp|co|plc|ag|sa|bv|nv)\.?$/i;

/** A name as a title: "Lovelace, Ada" as "Ada Lovelace"; any other name with its spaces tidied. */
export function displayName(name: string): string {
  const tidy = name.replace(/\s+/g, ' ').trim();
  const parts = tidy.split(',');
  if (parts.length !== 2) return tidy;
  const last = parts[0]?.trim() ?? '';
  const first = parts[1]?.trim() ?? '';
  return last && first && !SUFFIX.test(first) ? `${first} ${last}` : tidy;
}

/** What two names are compared on. */
export function nameKey(name: string): string {
  return fold(displayName(name));
}

/** Whether an object titled `title` is the one `name` names. */
export function titleMatchesName(title: string, name: string): boolean {
  const key = nameKey(name);
  return key !== '' && nameKey(title) === key;
}

/** The names to link, as titles, each once: a page that names an author twice links one Person. */
export function distinctNames(names: readonly string[]): string[] {
  const seen = new Set<string>();
  const distinct: string[] = [];
  for (const name of names) {
    const key = nameKey(name);
    if (key === '' || seen.has(key)) continue;
    seen.add(key);
    distinct.push(displayName(name));
  }
  return distinct;
}

/**
 * What a rule names, found in a space. A rule holds ids from the space it was made in and, beside
 * them, titles (its type's title, each property's name, each tag's and the collection's title).
 * In that space the ids find everything; in another one — rules exported and imported elsewhere,
 * where custom types get other ids — the titles do, compared without case and diacritics. So a
 * rule survives a move between spaces without being edited, and a type that no longer exists is
 * reported, not guessed.
 */
import { WEBLINK_STRUCTURE } from '../api/structures';
import type { RuleDefinition } from './field-values';
import { fold } from './fold';
import type { FieldSource, NamedRef, RuleTarget } from './rules-schema';
import { existingTagFor, type SpaceTag } from './tag-names';

/** A type of the space, as the rules need it (the API's Structure, or a space file's). */
export interface SpaceStructure {
  id: string;
  title: string;
  propertyDefinitions: RuleDefinition[];
  collections?: { id: string; title: string }[];
}

function sameTitle(a: string, b: string): boolean {
  return fold(a) === fold(b);
}

/** The type a rule saves as: the weblink type, or the rule's type by id, else by title. */
export function targetStructure(target: RuleTarget, structures: readonly SpaceStructure[]): SpaceStructure | undefined {
  if (target.kind === 'weblink') return structures.find(({ id }) => id === WEBLINK_STRUCTURE);
  return (
    structures.find(({ id }) => id === target.structureId) ??
    structures.find(({ title }) => sameTitle(title, target.structureTitle))
  );
}

/** The property a field fills: by id, else by the name the rule remembered. */
export function fieldDefinition(
  propertyId: string,
  field: FieldSource,
  structure: SpaceStructure,
): RuleDefinition | undefined {
  const definitions = structure.propertyDefinitions;
  const remembered = field.property;
  return (
    definitions.find(({ id }) => id === propertyId) ??
    (remembered ? definitions.find(({ name }) => sameTitle(name, remembered)) : undefined)
  );
}

/** A tag the rule names, as the clip sends it: one the space has (by id, else by name), or one to create. */
export type RuleTag = { kind: 'existing'; id: string; title: string } | { kind: 'new'; title: string };

/** Without the space's tags (a rule applied offline), a tag with an id is taken at its word. */
export function ruleTag(ref: NamedRef, tags: readonly SpaceTag[] | undefined): RuleTag {
  if (!tags) return ref.id ? { kind: 'existing', id: ref.id, title: ref.title } : { kind: 'new', title: ref.title };
  const tag = (ref.id ? tags.find(({ id }) => id === ref.id) : undefined) ?? existingTagFor(ref.title, tags);
  return tag ? { kind: 'existing', id: tag.id, title: tag.title } : { kind: 'new', title: ref.title };
}

/** The rule's collection among the type's collections, by id, else by title. */
export function ruleCollection(
  ref: NamedRef,
  collections: readonly { id: string; title: string }[],
): { id: string; title: string } | undefined {
  return (
    (ref.id ? collections.find(({ id }) => id === ref.id) : undefined) ??
    collections.find(({ title }) => sameTitle(title, ref.title))
  );
}

/**
 * Linked objects: an entity property (Authors → Person) is filled with the objects its names
 * find in the space, and offers the others for creation. This module decides, from names and the
 * objects a search returned, which is which; the search itself (`POST /objects/search` limited
 * to the property's allowed types, one query per name) and the creation (`POST /object`, before
 * the object that links to it, only after the person confirms or when the rule says "Create
 * missing") happen in the background and the outbox.
 */
import { titleMatchesName } from './person-names';

/** One entity property's names, as a rule's fields give them. */
export interface LinkRequest {
  propertyId: string;
  /** The property's name in this space (`Authors`), for the chips. */
  propertyName: string;
  /** The types it may link to (`allowedStructures`); empty when the server does not say. */
  structureIds: string[];
  multiple: boolean;
  /** Titles to find, "First Last", each once (distinctNames); one for a single-valued property. */
  names: string[];
}

/** An object a search found, or one the space is known to hold (`npm run extract --space`). */
export interface FoundObject {
  id: string;
  structureId: string;
  title: string;
}

/** A name with the object it links to, or the object to create for it ("Create Person “Jane Doe”"). */
export type LinkOutcome =
  | { name: string; found: FoundObject }
  | { name: string; create: { structureId: string | null; title: string } };

/** The first object of an allowed type whose title is the name. */
export function findNamed(name: string, structureIds: readonly string[], candidates: readonly FoundObject[]) {
  return candidates.find(
    (candidate) =>
      (structureIds.length === 0 || structureIds.includes(candidate.structureId)) &&
      titleMatchesName(candidate.title, name),
  );
}

/**
 * Each name of the request, found among `candidates` or to be created as the first allowed type
 * (null when the property names none: the person picks). Candidates may be the results of every
 * name's search together.
 */
export function resolveLinks(request: LinkRequest, candidates: readonly FoundObject[]): LinkOutcome[] {
  return request.names.map((name) => {
    const found = findNamed(name, request.structureIds, candidates);
    return found ? { name, found } : { name, create: { structureId: request.structureIds[0] ?? null, title: name } };
  });
}

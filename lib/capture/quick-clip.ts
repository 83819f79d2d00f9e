/**
 * What a quick clip (context menu, shortcut) of a page saves when a capture rule matches it: the
 * rule applied, as the clip request the background queues, built in the capture script so that
 * the background checks one schema it already has (the clip requests') instead of the rules'.
 * Nobody confirms a linked name here: each is linked to the object of that title the space has,
 * and one is created only when the rule says "Create missing" (lib/clips/steps/linked-objects.ts).
 */
import type { ObjectRequest } from '../clips/object';
import type { WeblinkRequest } from '../clips/weblink';
import type { AppliedRule } from './apply-rule';

export type QuickClip = ObjectRequest | WeblinkRequest;

export function quickClipOf(applied: AppliedRule, url: string): QuickClip | null {
  const common = {
    url,
    title: applied.title,
    tags: applied.tags,
    properties: applied.properties,
    ...(applied.collection ? { collections: [applied.collection.id] } : {}),
    notes: applied.notes ?? '',
    existingObjectIds: [],
  };
  if (applied.target.kind === 'weblink') return { kind: 'page', ...common };
  if (applied.structureId === null) return null;
  const links = applied.links.flatMap((link) => {
    const structureId = link.structureIds[0];
    if (structureId === undefined) return [];
    const items = link.names.map((title) => ({
      structureId,
      title,
      ...(applied.createMissing ? {} : { create: false }),
    }));
    return items.length > 0 ? [{ propertyId: link.propertyId, items }] : [];
  });
  return { kind: 'object', structureId: applied.structureId, ...common, links };
}

import type { PropertyValueInput } from '@/lib/api/schemas/property-values';
import type { AppliedRule } from '@/lib/capture/apply-rule';
import type { ObjectRequest } from '@/lib/clips/object';
import type { LinkItem } from '@/lib/clips/steps/linked-objects';
import type { TagRef } from '@/lib/messaging';
import type { ResolvedLink } from './use-capture';

/** Where a confirmed name is kept: by its property and name. */
export const linkKey = (propertyId: string, name: string) => `${propertyId}\n${name}`;

/**
 * The typed object a rule saves, from the form as the person left it (its properties are the
 * rule's fields as the person left them in "Properties"): each linked name the object
 * the space has, or the one to create when the person confirmed it (or the rule creates missing
 * ones); a name neither found nor confirmed is left out.
 */
export function objectRequest(
  applied: AppliedRule,
  structureId: string,
  links: readonly ResolvedLink[],
  confirmed: ReadonlySet<string>,
  form: { url: string; title: string; tags: TagRef[]; notes: string; properties: Record<string, PropertyValueInput> },
): ObjectRequest {
  return {
    kind: 'object',
    structureId,
    url: form.url,
    title: form.title,
    tags: form.tags,
    properties: form.properties,
    links: links
      .map((link) => ({
        propertyId: link.propertyId,
        items: link.outcomes.flatMap((outcome): LinkItem[] => {
          if ('found' in outcome) return [{ id: outcome.found.id }];
          const { structureId: type, title } = outcome.create;
          return type && confirmed.has(linkKey(link.propertyId, outcome.name)) ? [{ structureId: type, title }] : [];
        }),
      }))
      .filter((link) => link.items.length > 0),
    ...(applied.collection ? { collections: [applied.collection.id] } : {}),
    notes: form.notes,
    existingObjectIds: [],
  };
}

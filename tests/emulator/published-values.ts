import { invalidInput } from './errors.ts';
import { internalToken, publishedTokens } from './published-blocks.ts';
import { definitionByPublishedId } from './published-ids.ts';
import type { PublishedValue } from './published-schema.ts';
import type { PropertyValue, StructureRecord } from './types.ts';

/**
 * Property values between the published reference's shapes and the stored ones: labels are
 * written as `{id, name}` (stored by id), rich text is `{ value: tokens }` (stored as
 * `{ tokens }`), and ids are the published ones (published-ids.ts).
 */

function internalValue(value: PublishedValue): Record<string, unknown> {
  switch (value.type) {
    case 'label':
      return { type: 'label', label: value.label.map((entry) => ({ id: entry.id })) };
    case 'richText':
      return { type: 'richText', richText: { tokens: value.richText.value.map(internalToken) } };
    default:
      return value;
  }
}

/**
 * A published `properties` map as the stored ids and shapes, for `validatePropertyWrites` on the
 * same view. Unknown and read-only properties are refused here, named as the client named them.
 */
export function internalPropertyWrites(
  view: StructureRecord,
  properties: Record<string, PublishedValue>,
): Record<string, Record<string, unknown>> {
  const result: Record<string, Record<string, unknown>> = {};
  for (const [publishedId, value] of Object.entries(properties)) {
    const def = definitionByPublishedId(view, publishedId);
    if (!def || def.type === 'blocks') {
      throw invalidInput(`Property '${publishedId}' is not defined on structure ${view.id} (${view.title})`);
    }
    if (!def.writable) throw invalidInput(`Property '${publishedId}' (${def.name}) is not writable`);
    result[def.id] = internalValue(value);
  }
  return result;
}

/** A stored value as the reference shows it. */
export function publishedValue(value: PropertyValue): unknown {
  return value.type === 'richText'
    ? { type: 'richText', richText: { value: publishedTokens(value.richText.tokens) } }
    : value;
}

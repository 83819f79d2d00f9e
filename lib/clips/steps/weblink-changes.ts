import type { PropertyValue, PropertyValueInput, WorkspaceObject } from '../../api';

/**
 * What a created weblink lacks of what was asked for. The published service's `POST /object/url`
 * keeps only title and description and silently drops tags, other properties and collections;
 * the spec's applies everything. The created object is compared with the request, and whatever
 * did not land is sent again with one `PATCH /object`. A value the server reads back in another
 * spelling counts as missing: sending it again costs one request, while trusting it could lose it.
 */
export interface WeblinkChanges {
  properties?: Record<string, PropertyValueInput>;
  collections?: string[];
}

const sameSet = (a: readonly string[], b: readonly string[]) => {
  const set = new Set(a);
  return set.size === new Set(b).size && b.every((item) => set.has(item));
};

const sameInstant = (a: string | null | undefined, b: string | null | undefined) =>
  (a ?? null) === (b ?? null) || (a != null && b != null && Date.parse(a) === Date.parse(b));

/** Whether the value read back is the value written. */
export function holdsValue(read: PropertyValue | undefined, written: PropertyValueInput): boolean {
  if (read === undefined || read.type !== written.type) return false;
  switch (written.type) {
    case 'title':
      return read.type === 'title' && read.title.value === written.title.value;
    case 'text':
      return read.type === 'text' && read.text.value === written.text.value;
    case 'number':
      return read.type === 'number' && read.number.value === written.number.value;
    case 'boolean':
      return read.type === 'boolean' && (read.boolean.value ?? false) === (written.boolean.value ?? false);
    case 'url':
      return read.type === 'url' && read.url.value === written.url.value;
    case 'date':
      return (
        read.type === 'date' &&
        sameInstant(read.date.start, written.date.start) &&
        sameInstant(read.date.end, written.date.end)
      );
    case 'label':
      return (
        read.type === 'label' &&
        sameSet(
          read.label.map((option) => option.id),
          written.label.map((option) => option.id),
        )
      );
    case 'entity':
      return (
        read.type === 'entity' &&
        sameSet(
          read.entity.map((link) => link.id),
          written.entity.map((link) => link.id),
        )
      );
    case 'createdAt':
      return read.type === 'createdAt' && sameInstant(read.createdAt.value, written.createdAt.value);
    case 'richText':
      // Tokens come back normalised (styles filled in, neighbours merged): their text must match.
      return (
        read.type === 'richText' &&
        read.richText.tokens.map((token) => token.text).join('') ===
          written.richText.tokens.map((token) => token.text).join('')
      );
    case 'aliases':
      return read.type === 'aliases' && sameSet(read.aliases.value, written.aliases.value);
    case 'icon':
      return read.type === 'icon' && JSON.stringify(read.icon.value) === JSON.stringify(written.icon.value);
  }
}

/** The changes still to send, or null when the object holds everything asked for. */
export function unappliedChanges(
  asked: { properties: Record<string, PropertyValueInput>; collections?: string[] },
  object: Pick<WorkspaceObject, 'properties' | 'collections'>,
): WeblinkChanges | null {
  const properties: Record<string, PropertyValueInput> = {};
  for (const [id, value] of Object.entries(asked.properties)) {
    if (!holdsValue(Object.hasOwn(object.properties, id) ? object.properties[id] : undefined, value)) {
      properties[id] = value;
    }
  }
  const missingCollection = (asked.collections ?? []).some((id) => !object.collections.includes(id));
  const changes: WeblinkChanges = {
    ...(Object.keys(properties).length > 0 ? { properties } : {}),
    ...(missingCollection && asked.collections ? { collections: asked.collections } : {}),
  };
  return Object.keys(changes).length > 0 ? changes : null;
}

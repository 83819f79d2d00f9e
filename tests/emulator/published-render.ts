import type { EmulatorState } from './emulator-state.ts';
import { signedFileExpiry, signedFileUrl } from './files.ts';
import { liveCollections, structureOf } from './objects.ts';
import { readProperties } from './property-values.ts';
import { publishedBlocks } from './published-blocks.ts';
import { publishedPropertyId, publishedStructureView } from './published-ids.ts';
import { publishedValue } from './published-values.ts';
import { renderStructure } from './space-routes.ts';
import type { IconValue, ObjectRecord, SpaceRecord, StructureRecord } from './types.ts';

/** Objects, structures and spaces as the published reference shows them, with only its fields. */

export interface PublishedObject {
  id: string;
  structureId: string;
  collections: string[];
  properties: Record<string, unknown>;
  blocks?: Record<string, unknown[]>;
  files?: { url: string; fileType: string; expirationDate: string }[];
}

export function renderPublishedObject(store: EmulatorState, obj: ObjectRecord, baseUrl: string): PublishedObject {
  const view = publishedStructureView(structureOf(store, obj));
  const properties = readProperties(view, obj, store.entityLookup(obj.spaceId));
  const result: PublishedObject = {
    id: obj.id,
    structureId: obj.structureId,
    collections: liveCollections(store, obj),
    properties: Object.fromEntries(
      Object.entries(properties).map(([id, value]) => [publishedPropertyId(view.id, id), publishedValue(value)]),
    ),
  };
  const blockProperties = view.propertyDefinitions.filter((def) => def.type === 'blocks');
  if (blockProperties.length > 0) {
    result.blocks = Object.fromEntries(
      blockProperties.map((def) => [publishedPropertyId(view.id, def.id), publishedBlocks(obj.blocks[def.id] ?? [])]),
    );
  }
  if (obj.files) {
    const now = store.now();
    const expirationDate = new Date(signedFileExpiry(now) * 1000).toISOString();
    result.files = obj.files.map((file) => ({
      url: signedFileUrl(baseUrl, store.data.jwtSecret, obj.id, file.name, now),
      fileType: file.mimeType,
      expirationDate,
    }));
  }
  return result;
}

/**
 * A structure in the reference's shape: no `blocks` definitions, no default `dateResolution`,
 * entity targets as `allowedStructures`, published property ids.
 */
export function renderPublishedStructure(store: EmulatorState, spaceId: string, structure: StructureRecord) {
  const view = publishedStructureView(structure);
  const { propertyDefinitions: _internal, ...rest } = renderStructure(store, spaceId, view);
  const propertyDefinitions = view.propertyDefinitions
    .filter((def) => def.type !== 'blocks')
    .map(({ id, name, type, writable, multiple, labelSet, allowedStructureIds }) => ({
      id: publishedPropertyId(view.id, id),
      name,
      type,
      writable,
      ...(multiple === undefined ? {} : { multiple }),
      ...(labelSet === undefined ? {} : { labelSet: structuredClone(labelSet) }),
      ...(allowedStructureIds === undefined ? {} : { allowedStructures: [...allowedStructureIds] }),
    }));
  return {
    id: rest.id,
    title: rest.title,
    pluralName: rest.pluralName,
    propertyDefinitions,
    labelColor: rest.labelColor,
    collections: rest.collections,
  };
}

/** `GET /space` of the reference: `{id, title, icon?}`. */
export function renderPublishedSpace(space: SpaceRecord): { id: string; title: string; icon?: IconValue } {
  return space.icon
    ? { id: space.id, title: space.title, icon: { ...space.icon } }
    : { id: space.id, title: space.title };
}

import type { Hono } from 'hono';
import type { EmulatorContext } from './context.ts';
import type { EmulatorState } from './emulator-state.ts';
import { type AppEnv, api, jsonResponse } from './http.ts';
import { titleOf } from './property-values.ts';
import { STRUCTURE } from './structures.ts';
import type { PropertyDefinition, StructureRecord } from './types.ts';

/** GET /space, GET /space/structures, GET /user/spaces. */

export interface ApiStructure {
  id: string;
  title: string;
  pluralName: string;
  propertyDefinitions: PropertyDefinition[];
  labelColor: string;
  collections: { id: string; title: string }[];
}

export function renderStructure(store: EmulatorState, spaceId: string, structure: StructureRecord): ApiStructure {
  return {
    id: structure.id,
    title: structure.title,
    pluralName: structure.pluralName,
    propertyDefinitions: structuredClone(structure.propertyDefinitions),
    labelColor: structure.labelColor,
    collections: store
      .liveObjects(spaceId)
      .filter((obj) => obj.structureId === STRUCTURE.collection && obj.collectionOf === structure.id)
      .map((obj) => ({ id: obj.id, title: titleOf(obj) })),
  };
}

export function spaceRoutes(app: Hono<AppEnv>, ctx: EmulatorContext): void {
  const read = api(ctx, 'read', 'api:read');

  app.get('/space', read, (c) => {
    const space = ctx.store.space(c.get('principal').spaceId);
    return jsonResponse({ id: space.id, title: space.title });
  });

  app.get('/space/structures', read, (c) => {
    const spaceId = c.get('principal').spaceId;
    const structures = ctx.store
      .space(spaceId)
      .structures.map((structure) => renderStructure(ctx.store, spaceId, structure));
    return jsonResponse({ structures });
  });

  app.get('/user/spaces', read, (c) => {
    const userId = c.get('principal').userId;
    const spaces = ctx.store.data.spaces
      .filter((space) => space.ownerId === userId)
      .map((space) => ({ id: space.id, title: space.title }));
    return jsonResponse({ spaces });
  });
}

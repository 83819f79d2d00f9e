/**
 * A space written down as a file, for `npm run extract --space space.json`: what the rules,
 * the links and the tag suggestions need to know of a space, so that they run offline exactly
 * as they would against it. The format:
 *
 * ```json
 * {
 *   "structures": [
 *     { "id": "paper", "title": "Paper", "collections": [{ "id": "c1", "title": "Reading" }],
 *       "propertyDefinitions": [
 *         { "id": "title", "name": "Title", "type": "title", "writable": true },
 *         { "id": "authors", "name": "Authors", "type": "entity", "writable": true, "multiple": true,
 *           "allowedStructures": ["person"] } ] }
 *   ],
 *   "objects": [{ "id": "p1", "structureId": "person", "title": "Ada Lovelace" }],
 *   "tags": [{ "id": "t1", "title": "JavaScript" }]
 * }
 * ```
 *
 * `structures` are as `GET /space/structures` answers (`pluralName`, `labelColor` may be left
 * out; `allowedStructures` and `allowedStructureIds` are both read); `objects` stand for what
 * `POST /objects/search` would find; `tags` are the space's tags. Every list may be left out.
 */
import { z } from 'zod/mini';
import { issueDetail, issuePath } from '../entrypoints/options/issue-text';
import type { CaptureSpace } from '../lib/capture/apply-rule';
import type { FoundObject } from '../lib/capture/links';

const definitionSchema = z.pipe(
  z.looseObject({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    writable: z.boolean(),
    multiple: z.optional(z.boolean()),
    labelSet: z.optional(z.array(z.object({ id: z.string(), name: z.string() }))),
    allowedStructures: z.optional(z.array(z.string())),
    allowedStructureIds: z.optional(z.array(z.string())),
    dateResolution: z.optional(z.enum(['day', 'time'])),
  }),
  z.transform(({ allowedStructures, allowedStructureIds, ...definition }) => {
    const allowed = allowedStructureIds ?? allowedStructures;
    return {
      id: definition.id,
      name: definition.name,
      type: definition.type,
      writable: definition.writable,
      ...(definition.multiple === undefined ? {} : { multiple: definition.multiple }),
      ...(definition.labelSet === undefined ? {} : { labelSet: definition.labelSet }),
      ...(definition.dateResolution === undefined ? {} : { dateResolution: definition.dateResolution }),
      ...(allowed === undefined ? {} : { allowedStructureIds: allowed }),
    };
  }),
);

const named = z.looseObject({ id: z.string(), title: z.string() });

export const spaceFileSchema = z.looseObject({
  structures: z.optional(
    z.array(
      z.looseObject({
        id: z.string(),
        title: z.string(),
        propertyDefinitions: z.array(definitionSchema),
        collections: z.optional(z.array(named)),
      }),
    ),
  ),
  objects: z.optional(z.array(z.looseObject({ id: z.string(), structureId: z.string(), title: z.string() }))),
  tags: z.optional(z.array(named)),
});

export interface SpaceFile {
  space: CaptureSpace;
  objects: FoundObject[];
}

/** The space a file describes, or the first thing wrong with it (`structures[0].title: …`). */
export function parseSpaceFile(data: unknown): { ok: true; file: SpaceFile } | { ok: false; message: string } {
  const result = spaceFileSchema.safeParse(data);
  if (!result.success) {
    const [issue] = result.error.issues;
    return { ok: false, message: issue ? `${issuePath(issue)}: ${issueDetail(issue)}` : 'not a space file' };
  }
  const { structures = [], objects = [], tags = [] } = result.data;
  return {
    ok: true,
    file: {
      space: {
        structures: structures.map(({ id, title, propertyDefinitions, collections }) => ({
          id,
          title,
          propertyDefinitions,
          collections: (collections ?? []).map((collection) => ({ id: collection.id, title: collection.title })),
        })),
        tags: tags.map(({ id, title }) => ({ id, title })),
      },
      objects: objects.map(({ id, structureId, title }) => ({ id, structureId, title })),
    },
  };
}

import { z } from 'zod/mini';
import { booleanSchema, nullableOf, unionOf } from './lean-kinds';

export const spaceSchema = z.object({ id: z.string(), title: z.string() });
export type Space = z.infer<typeof spaceSchema>;

/** GET /user/spaces: `{ spaces }` or a bare array (tests/emulator/README.md, decisions table). */
export const userSpacesSchema = unionOf([
  z.pipe(
    z.object({ spaces: z.array(spaceSchema) }),
    z.transform(({ spaces }) => spaces),
  ),
  z.array(spaceSchema),
]);

const labelOptionSchema = z.object({ id: z.string(), name: z.string(), color: z.optional(z.string()) });
export type LabelOption = z.infer<typeof labelOptionSchema>;

export interface PropertyDefinition {
  id: string;
  name: string;
  /** Any string: `blocks` and future types are kept (tests/emulator/README.md, "Block (content) properties"). */
  type: string;
  writable: boolean;
  multiple?: boolean;
  labelSet?: LabelOption[];
  /**
   * The structures an entity property may link to, when the server names them: the spec
   * emulator's `allowedStructureIds` and the published reference's `allowedStructures`, read as one.
   */
  allowedStructureIds?: string[];
  /** Default resolution of a date property; absent (always, in the published reference) means `day`. */
  dateResolution?: 'day' | 'time';
}

const propertyDefinitionSchema: z.ZodMiniType<PropertyDefinition> = z.pipe(
  z.object({
    id: z.string(),
    name: z.string(),
    type: z.string(),
    writable: booleanSchema,
    multiple: z.optional(booleanSchema),
    labelSet: z.optional(z.array(labelOptionSchema)),
    allowedStructureIds: z.optional(z.array(z.string())),
    allowedStructures: z.optional(z.array(z.string())),
    dateResolution: z.optional(z.literal(['day', 'time'])),
  }),
  z.transform(({ allowedStructures, allowedStructureIds, ...definition }): PropertyDefinition => {
    const allowed = allowedStructureIds ?? allowedStructures;
    return allowed === undefined ? definition : { ...definition, allowedStructureIds: allowed };
  }),
);

/** Collection entries of a structure: `{ id, title }` plus any extra fields (README decisions table). */
const collectionEntrySchema = z.object({ id: z.string(), title: z.string() });
export type CollectionEntry = z.infer<typeof collectionEntrySchema>;

const structureSchema = z.object({
  id: z.string(),
  title: z.string(),
  pluralName: z.string(),
  propertyDefinitions: z.array(propertyDefinitionSchema),
  // Cosmetic: a missing colour must not make the whole structure list unreadable.
  labelColor: z.pipe(
    z.optional(nullableOf(z.string())),
    z.transform((color) => color ?? undefined),
  ),
  collections: z.array(collectionEntrySchema),
});
export type Structure = z.infer<typeof structureSchema>;

export const structuresResponseSchema = z.object({ structures: z.array(structureSchema) });

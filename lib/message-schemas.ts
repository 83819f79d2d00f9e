import { z } from 'zod/mini';
import { propertiesInputSchema } from './api/schemas/property-values';
import { MAX_CLIP_BYTES } from './clip/clip-limits';
import { MAX_FIXED_TEXT, MAX_FIXED_URL, MAX_NOTES_TEMPLATE, MAX_TEMPLATE_MAPPINGS } from './clip/clip-template-limits';
import { PAGE_READ_SOURCES } from './clip/page-sources';

/**
 * The data of every message a page sends the background, defined once as a zod schema: the
 * background validates with it (lib/background/router.ts) and the protocol's types are
 * `z.infer` of it (lib/messaging.ts), so the type and the runtime check cannot drift. Only the
 * background imports this module at run time; pages import its types.
 */

const text = (max: number) => z.string().check(z.maxLength(max));
const id = () => z.string().check(z.minLength(1), z.maxLength(200));

/** Where a clip came from, for the quote's source line and the person's history. */
export const clipSourceSchema = z.strictObject({ url: text(8_000), title: text(2_000) });
export type ClipSource = z.infer<typeof clipSourceSchema>;

/** A tag of a weblink clip: one the space has, or one to create (found by title first). */
export const tagRefSchema = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('existing'), id: id(), title: text(1_000) }),
  z.strictObject({ kind: z.literal('new'), title: z.string().check(z.minLength(1), z.maxLength(1_000)) }),
]);
export type TagRef = z.infer<typeof tagRefSchema>;

/** What a weblink keeps as its body: the link and notes only, the page's article, or the selection. */
export const keepChoiceSchema = z.enum(['link', 'article', 'selection']);
export type KeepChoice = z.infer<typeof keepChoiceSchema>;

/** A page ("Save page") or a link ("Save link") to save as a weblink object. */
const weblinkRequestSchema = z.strictObject({
  kind: z.enum(['page', 'link']),
  url: text(8_000),
  title: text(2_000),
  tags: z.array(tagRefSchema).check(z.maxLength(200)),
  /** Typed values of the other writable properties (title and tags are added at send time). */
  properties: propertiesInputSchema,
  /** Omitted: the structure's default placement. */
  collections: z.optional(z.array(id())),
  /** The notes, Markdown; the background splits it into parts small enough for one request each. */
  notes: text(MAX_CLIP_BYTES),
  /** Weblinks with this URL that existed before the clip was made: never taken for its result. */
  existingObjectIds: z.array(id()),
  /** What the body keeps (remembered per site for the next clip of it); absent: the notes as they are. */
  keep: z.optional(keepChoiceSchema),
});
export type WeblinkRequest = z.infer<typeof weblinkRequestSchema>;

/** A selection appended to the daily note (of `date`, canonical UTC midnight; default today). */
const dailyNoteRequestSchema = z.strictObject({
  kind: z.literal('daily-note'),
  markdown: text(MAX_CLIP_BYTES),
  source: clipSourceSchema,
  noTimeStamp: z.optional(z.boolean()),
  date: z.optional(text(40)),
});
export type DailyNoteRequest = z.infer<typeof dailyNoteRequestSchema>;

/** A selection appended to an existing object's body. */
const appendRequestSchema = z.strictObject({
  kind: z.literal('append'),
  objectId: id(),
  objectTitle: text(2_000),
  markdown: text(MAX_CLIP_BYTES),
  source: clipSourceSchema,
});
export type AppendRequest = z.infer<typeof appendRequestSchema>;

/** What an action on an object clipped earlier names: the object, and the page it came from. */
const clippedObject = { objectId: id(), objectTitle: text(2_000), source: clipSourceSchema };

/**
 * Changes to an object clipped earlier (the edit view's "Update"): only the keys that change.
 * `tags` is the whole new list (an entity value replaces the links), `notes` is appended to the
 * object's body, never written over it.
 */
const updateRequestSchema = z.strictObject({
  kind: z.literal('update'),
  ...clippedObject,
  title: z.optional(text(2_000)),
  tags: z.optional(z.array(tagRefSchema).check(z.maxLength(200))),
  properties: z.optional(propertiesInputSchema),
  /** The object's named collections after the change (`[]`: none). */
  collections: z.optional(z.array(id())),
  notes: text(MAX_CLIP_BYTES),
});
export type UpdateRequest = z.infer<typeof updateRequestSchema>;

/** "Undo": the object to the trash (never deleted for good), or back from it. */
const trashRequestSchema = z.strictObject({ kind: z.literal('trash'), ...clippedObject });
const restoreRequestSchema = z.strictObject({ kind: z.literal('restore'), ...clippedObject });
export type TrashRequest = z.infer<typeof trashRequestSchema>;
export type RestoreRequest = z.infer<typeof restoreRequestSchema>;

/** A clip as a page asks the background to make it: something new, or a change to something clipped. */
export const clipRequestSchema = z.discriminatedUnion('kind', [
  weblinkRequestSchema,
  dailyNoteRequestSchema,
  appendRequestSchema,
  updateRequestSchema,
  trashRequestSchema,
  restoreRequestSchema,
]);
export type ClipRequest = z.infer<typeof clipRequestSchema>;

/**
 * A fixed value as a clip template stores it: the stored form of a field value
 * (lib/fields/field-value.ts) of the kinds a fixed value can be, converted to and from it in
 * lib/clip/stored-fixed-value.ts.
 */
const storedFixedValueSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: text(MAX_FIXED_TEXT) }),
  z.strictObject({ type: z.literal('number'), number: z.number() }),
  z.strictObject({ type: z.literal('boolean'), value: z.boolean() }),
  z.strictObject({ type: z.literal('url'), url: text(MAX_FIXED_URL) }),
  z.strictObject({ type: z.literal('label'), optionId: id() }),
]);
export type StoredFixedValue = z.infer<typeof storedFixedValueSchema>;

/** What fills one property of the weblink type from the page (lib/clip/page-sources.ts). */
const fieldMappingSchema = z.union([
  z.strictObject({ propertyId: id(), source: z.enum(PAGE_READ_SOURCES) }),
  z.strictObject({ propertyId: id(), source: z.literal('fixed'), value: storedFixedValueSchema }),
]);
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

/** A space's clip template: properties filled from the page, and the notes a new clip starts with. */
export const clipTemplateSchema = z.strictObject({
  fieldMappings: z.array(fieldMappingSchema).check(z.maxLength(MAX_TEMPLATE_MAPPINGS)),
  notesTemplate: text(MAX_NOTES_TEMPLATE),
});
export type ClipTemplate = z.infer<typeof clipTemplateSchema>;

export const settingsChangeSchema = z.strictObject({
  apiBaseUrl: z.optional(z.nullable(text(2_000))),
  oauthClientId: z.optional(z.nullable(id())),
  defaultSpaceId: z.optional(id()),
  dailyNoteTimestamp: z.optional(z.boolean()),
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

const spaceQuery = z.strictObject({ spaceId: id(), query: text(500) });

/** Each message type's data; `z.undefined()` for messages that carry none. */
export const messageSchemas = {
  ping: z.undefined(),
  getConnections: z.undefined(),
  saveSettings: settingsChangeSchema,
  signIn: z.undefined(),
  connectWithToken: z.strictObject({ token: text(500) }),
  disconnect: z.strictObject({ spaceId: id() }),
  readPage: z.strictObject({ tabId: z.number().check(z.int(), z.nonnegative()) }),
  getWeblinkForm: z.strictObject({ spaceId: id() }),
  searchTags: spaceQuery,
  searchObjects: z.strictObject({ spaceId: id(), query: text(500), structureIds: z.optional(z.array(id())) }),
  findSavedPage: z.strictObject({
    spaceId: id(),
    url: text(8_000),
    title: text(2_000),
    where: z.enum(['history', 'server']),
  }),
  getSavedObject: z.strictObject({ spaceId: id(), objectId: id() }),
  saveClip: z.strictObject({ spaceId: id(), clip: clipRequestSchema }),
  getOutbox: z.undefined(),
  retryClip: z.strictObject({ id: id() }),
  retryAllClips: z.undefined(),
  discardClip: z.strictObject({ id: id() }),
  fixClip: z.strictObject({ id: id(), removeTags: z.array(text(1_000)) }),
  togglePinnedTag: z.strictObject({ spaceId: id(), tag: z.strictObject({ id: id(), title: text(1_000) }) }),
  readArticle: z.strictObject({ tabId: z.number().check(z.int(), z.nonnegative()) }),
  saveClipTemplate: z.strictObject({ spaceId: id(), template: clipTemplateSchema }),
};

export type MessageSchemas = typeof messageSchemas;
/** The data a message of type K carries. */
export type MessageData<K extends keyof MessageSchemas> = z.infer<MessageSchemas[K]>;

import { z } from 'zod/mini';
import { booleanSchema, nullableOf, numberSchema, taggedUnion, unionOf } from './api/schemas/lean-kinds';
import { countSchema } from './api/schemas/numbers';
import { RULES_FILE_VERSION } from './capture/rules-version';
import { MAX_FIXED_TEXT, MAX_FIXED_URL, MAX_NOTES_TEMPLATE, MAX_TEMPLATE_MAPPINGS } from './clip/clip-template-limits';
import { PAGE_READ_SOURCES } from './clip/page-sources';
import { id, text } from './clips/clip-fields';
import { clipRequestSchema } from './clips/registry';
import { HIGHLIGHT_COLOURS } from './highlighter/colours';

/**
 * The data of every message a page sends the background, defined once as a zod schema: the
 * background validates with it (entrypoints/background/router.ts) and the protocol's types are
 * `z.infer` of it (lib/messaging.ts), so the type and the runtime check cannot drift. Only the
 * background imports this module at run time; pages import its types.
 */

/** A highlight's colour, as the settings and a highlight's change name it. */
const highlightColour = z.optional(z.literal(HIGHLIGHT_COLOURS));

const storedFixedValueSchema = taggedUnion('type', [
  z.strictObject({ type: z.literal('text'), text: text(MAX_FIXED_TEXT) }),
  z.strictObject({ type: z.literal('number'), number: numberSchema }),
  z.strictObject({ type: z.literal('boolean'), value: booleanSchema }),
  z.strictObject({ type: z.literal('url'), url: text(MAX_FIXED_URL) }),
  z.strictObject({ type: z.literal('label'), optionId: id() }),
]);
export type StoredFixedValue = z.infer<typeof storedFixedValueSchema>;

/** What fills one property of the weblink type from the page (lib/clip/page-sources.ts). */
const fieldMappingSchema = unionOf([
  z.strictObject({ propertyId: id(), source: z.literal(PAGE_READ_SOURCES) }),
  z.strictObject({ propertyId: id(), source: z.literal('fixed'), value: storedFixedValueSchema }),
]);
export type FieldMapping = z.infer<typeof fieldMappingSchema>;

/** A space's clip template: properties filled from the page, and the notes a new clip starts with. */
export const clipTemplateSchema = z.strictObject({
  fieldMappings: z.array(fieldMappingSchema).check(z.maxLength(MAX_TEMPLATE_MAPPINGS)),
  notesTemplate: text(MAX_NOTES_TEMPLATE),
});
export type ClipTemplate = z.infer<typeof clipTemplateSchema>;

const settingsChangeSchema = z.strictObject({
  apiBaseUrl: z.optional(nullableOf(text(2_000))),
  oauthClientId: z.optional(nullableOf(id())),
  defaultSpaceId: z.optional(id()),
  dailyNoteTimestamp: z.optional(booleanSchema),
  highlightColour,
});
export type SettingsChange = z.infer<typeof settingsChangeSchema>;

/**
 * A capture rules file as the options page stores it, after `parseRulesFile` (entrypoints/options/rules-file.ts)
 * checked every field. Here only its outline: the whole schema would cost the background 1.7 KB
 * gzip, and only the extension's own pages may send this message (router.ts).
 */
const storedRulesFileSchema = z.looseObject({
  version: z.literal(RULES_FILE_VERSION),
  rules: z
    .array(
      z.looseObject({ name: text(200), enabled: booleanSchema, match: z.looseObject({}), target: z.looseObject({}) }),
    )
    .check(z.maxLength(500)),
});

const spaceQuery = z.strictObject({ spaceId: id(), query: text(500) });

/** A page's highlights in a space (issue #23): the tab's page, the space its weblink is in. */
const highlightTab = { spaceId: id(), tabId: countSchema() };

/**
 * The data of a message that carries none: only `undefined`, as `z.undefined()` accepts, written as
 * a literal so that the background carries no class for it alone.
 */
const noData = z.literal(undefined);

/** Each message type's data; `noData` for messages that carry none. */
export const messageSchemas = {
  ping: noData,
  getConnections: noData,
  saveSettings: settingsChangeSchema,
  signIn: noData,
  connectWithToken: z.strictObject({ token: text(500) }),
  disconnect: z.strictObject({ spaceId: id() }),
  undoDisconnect: z.strictObject({ spaceId: id() }),
  readPage: z.strictObject({ tabId: countSchema() }),
  getWeblinkForm: z.strictObject({ spaceId: id() }),
  searchTags: spaceQuery,
  searchObjects: z.strictObject({ spaceId: id(), query: text(500), structureIds: z.optional(z.array(id())) }),
  findSavedPage: z.strictObject({
    spaceId: id(),
    url: text(8_000),
    title: text(2_000),
    where: z.literal(['history', 'server']),
  }),
  getSavedObject: z.strictObject({ spaceId: id(), objectId: id() }),
  saveClip: z.strictObject({ spaceId: id(), clip: clipRequestSchema }),
  getOutbox: noData,
  retryClip: z.strictObject({ id: id() }),
  retryAllClips: noData,
  discardClip: z.strictObject({ id: id() }),
  undoDiscardClip: z.strictObject({ id: id() }),
  fixClip: z.strictObject({ id: id(), removeTags: z.array(text(1_000)) }),
  togglePinnedTag: z.strictObject({ spaceId: id(), tag: z.strictObject({ id: id(), title: text(1_000) }) }),
  readArticle: z.strictObject({ tabId: countSchema() }),
  saveClipTemplate: z.strictObject({ spaceId: id(), template: clipTemplateSchema }),
  getCaptureRules: z.strictObject({ spaceId: id() }),
  getCaptureStructures: z.strictObject({ spaceId: id() }),
  saveCaptureRules: z.strictObject({ spaceId: id(), file: storedRulesFileSchema }),
  highlightSelection: z.strictObject(highlightTab),
  // The weblink the popup's "Already saved" lookup found on the server, when the history knows none.
  listHighlights: z.strictObject({ ...highlightTab, objectId: z.optional(id()) }),
  changeHighlight: z.strictObject({
    ...highlightTab,
    id: id(),
    colour: highlightColour,
    note: z.optional(text(20_000)),
  }),
  removeHighlight: z.strictObject({ ...highlightTab, id: id() }),
};

export type MessageSchemas = typeof messageSchemas;
/** The data a message of type K carries. */
export type MessageData<K extends keyof MessageSchemas> = z.infer<MessageSchemas[K]>;

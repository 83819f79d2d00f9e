/**
 * The capture rules file, as zod schemas: what the options page imports and exports and stores,
 * and what `npm run extract --rules` reads. Its JSON Schema (docs/capture-rules.schema.json) is
 * generated from these (scripts/capture-rules-schema.ts), so the two cannot drift.
 *
 * Every object is loose: fields this version does not know are kept on import and written back
 * on export, so a file made by a newer Space Clipper survives a round trip through an older one.
 * A rule remembers the titles of what it names in a space (its type, tags, collection, each
 * property's name) beside their ids, so that a rule exported from one space finds the same things
 * in another, whose ids differ (lib/capture/rule-target.ts).
 *
 * The capture script in the page only imports this module's types: zod stays out of it.
 */
import { z } from 'zod/mini';
import { PAGE_VALUE_NAMES } from './page-values';
import { RULES_FILE_VERSION } from './rules-version';
import { isUrlPattern } from './url-pattern';

export { RULES_FILE_VERSION };

const text = (max: number) => z.string().check(z.maxLength(max));
const about = z.describe;
const nonEmpty = (max: number) => z.string().check(z.minLength(1), z.maxLength(max));

// A dotted path of JSON-LD or microdata property names: `recipeYield`, `nutrition.calories`.
const path = z.string().check(z.maxLength(300), z.regex(/^[@\w-]+(?:\.[@\w-]+)*$/, 'expected a dotted path of names'));

const remembered = {
  property: z.optional(
    text(500).check(about('The property’s name in the space the rule was made in, to find it in another space.')),
  ),
};

/** What one property takes from the page: a named page value, a lookup, or a fixed value. */
export const fieldSourceSchema = z.discriminatedUnion('source', [
  z
    .looseObject({ source: z.enum(PAGE_VALUE_NAMES), ...remembered })
    .check(about('A page value by name, from wherever the page says it (JSON-LD, citation meta, Dublin Core, …).')),
  z
    .looseObject({ source: z.literal('jsonLd'), path, type: z.optional(nonEmpty(200)), ...remembered })
    .check(about('The value at a dotted path in the first JSON-LD node (of `type`, when given) that has it.')),
  z
    .looseObject({ source: z.literal('microdata'), path, type: z.optional(nonEmpty(200)), ...remembered })
    .check(about('The value at a dotted path in the first microdata item (of `type`, when given) that has it.')),
  z
    .looseObject({ source: z.literal('meta'), name: nonEmpty(200), ...remembered })
    .check(about('Every value of a meta tag (by `name` or `property`), in page order.')),
  z
    .looseObject({
      source: z.literal('selector'),
      selector: nonEmpty(1_000),
      attribute: z.optional(
        nonEmpty(100).check(about('Read this attribute of the matched elements instead of their text.')),
      ),
      ...remembered,
    })
    .check(about('The text of the first element a CSS selector matches; of every one for a multiple property.')),
  z
    .looseObject({ source: z.literal('fixed'), value: z.union([text(2_000), z.number(), z.boolean()]), ...remembered })
    .check(about('The same value on every page; a label by its option’s name.')),
]);
export type FieldSource = z.infer<typeof fieldSourceSchema>;
export type LookupSource = Extract<FieldSource, { source: 'jsonLd' | 'microdata' | 'meta' | 'selector' }>;

/**
 * When a rule applies. The address must fit one of `urls` when there are any, and the page must
 * show one of `types` or `meta` when there are any: a Paper rule matches a page with
 * `citation_title` or a ScholarlyArticle. A rule with no condition matches every page.
 */
const matchSchema = z.looseObject({
  urls: z.optional(
    z
      .array(z.string().check(z.maxLength(2_000), z.refine(isUrlPattern, 'expected a URL pattern')))
      .check(
        z.maxLength(50),
        about('Host names (subdomains included) or URL patterns in URLPattern syntax; the address must fit one.'),
      ),
  ),
  types: z.optional(
    z
      .array(nonEmpty(200))
      .check(z.maxLength(50), about('schema.org types, exactly (no subtypes): `Recipe`, `ScholarlyArticle`.')),
  ),
  meta: z.optional(
    z.array(nonEmpty(200)).check(z.maxLength(50), about('Meta tags the page has with a value: `citation_title`.')),
  ),
});
export type RuleMatch = z.infer<typeof matchSchema>;

/** What a rule saves: a weblink (`POST /object/url`) or an object of a type of the space (`POST /object`). */
const targetSchema = z.discriminatedUnion('kind', [
  z.looseObject({ kind: z.literal('weblink') }),
  z.looseObject({ kind: z.literal('object'), structureId: nonEmpty(200), structureTitle: nonEmpty(500) }),
]);
export type RuleTarget = z.infer<typeof targetSchema>;

/** A tag or a collection: its id in the space the rule was made in, and its title for any other. */
const namedRefSchema = z.looseObject({ id: z.optional(nonEmpty(200)), title: nonEmpty(1_000) });
export type NamedRef = z.infer<typeof namedRefSchema>;

export const ruleSchema = z.looseObject({
  id: z.optional(nonEmpty(200).check(about('A stable id for the editor; any text unique in the file.'))),
  name: nonEmpty(200),
  enabled: z.boolean(),
  match: matchSchema,
  target: targetSchema,
  fields: z.optional(
    z.record(nonEmpty(200), fieldSourceSchema).check(
      z.refine((fields) => Object.keys(fields).length <= 200, 'expected at most 200 fields'),
      about('Property id → where its value comes from.'),
    ),
  ),
  tags: z.optional(z.array(namedRefSchema).check(z.maxLength(200))),
  collection: z.optional(z.nullable(namedRefSchema)),
  notesTemplate: z.optional(
    text(10_000).check(
      about('Notes with {{title}}, {{url}}, {{selection}}, {{author}}, {{published}}, {{site}}, {{date}}.'),
    ),
  ),
  keep: z.optional(
    z.enum(['link', 'article', 'selection']).check(about('What a weblink keeps: "Link only", "Article", "Selection".')),
  ),
  createMissing: z.optional(
    z.boolean().check(about('Create linked objects that no search finds without asking ("Create missing").')),
  ),
});
export type CaptureRule = z.infer<typeof ruleSchema>;

export const rulesFileSchema = z.looseObject({
  $schema: z.optional(z.string()),
  version: z.literal(RULES_FILE_VERSION),
  rules: z.array(ruleSchema).check(z.maxLength(500)),
});
export type RulesFile = z.infer<typeof rulesFileSchema>;

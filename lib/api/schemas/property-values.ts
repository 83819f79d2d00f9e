import { z } from 'zod/mini';
import { CANONICAL_DAY_RULE, httpUrlSchema, ISO_DATE_TIME_RULE, isCanonicalDay, isoDateTimeSchema } from './dates';
import { booleanSchema, nullableOf, numberSchema, recordOf, taggedUnion, unionOf } from './lean-kinds';
import { type TextToken, type TextTokenInput, textTokenInputSchema, textTokenSchema } from './text-tokens';

/**
 * Typed property values: `{ type, [type]: payload }`, the same shape on read and write. Payloads
 * the spec leaves "not shown" follow tests/emulator/README.md, decisions table ("Payloads of text,
 * url, …", "richText payload"); on read a bare primitive is also accepted in place of `{ value }`.
 */

export type DateResolution = 'day' | 'time';
export interface LabelRef {
  id: string;
  name?: string;
  color?: string;
}
export interface EntityRef {
  id: string;
}

/** A value as read, normalised: payloads always in `{ value }` form, `end` always present. */
export type PropertyValue =
  | { type: 'title'; title: { value: string } }
  | { type: 'text'; text: { value: string | null } }
  | { type: 'number'; number: { value: number | null } }
  | { type: 'boolean'; boolean: { value: boolean | null } }
  | { type: 'url'; url: { value: string | null } }
  | { type: 'date'; date: { dateResolution: DateResolution; start: string | null; end: string | null } }
  | { type: 'label'; label: LabelRef[] }
  | { type: 'entity'; entity: EntityRef[] }
  | { type: 'createdAt'; createdAt: { value: string | null } }
  | { type: 'lastUpdatedAt'; lastUpdatedAt: { value: string | null } }
  | { type: 'richText'; richText: { tokens: TextToken[] } }
  | { type: 'aliases'; aliases: { value: string[] } }
  | { type: 'icon'; icon: { value: IconValue | null } }
  | UnknownPropertyValue;

/** An object's icon (published reference): an emoji or an Iconify name. */
export interface IconValue {
  type: 'emoji' | 'iconify';
  val: string;
}

/** A value type this client does not know, or a payload it could not read; readers skip it. */
export interface UnknownPropertyValue {
  type: 'unknown';
  rawType: string;
  raw: Record<string, unknown>;
}

/** A value as written. Build these with the helpers in `lib/api/property-values.ts`. */
export type PropertyValueInput =
  | { type: 'title'; title: { value: string } }
  | { type: 'text'; text: { value: string | null } }
  | { type: 'number'; number: { value: number | null } }
  | { type: 'boolean'; boolean: { value: boolean | null } }
  | { type: 'url'; url: { value: string | null } }
  | { type: 'date'; date: { dateResolution?: DateResolution; start: string | null; end?: string | null } }
  | { type: 'label'; label: { id: string; name: string }[] }
  | { type: 'entity'; entity: { id: string }[] }
  | { type: 'createdAt'; createdAt: { value: string } }
  | { type: 'richText'; richText: { tokens: TextTokenInput[] } }
  | { type: 'aliases'; aliases: { value: string[] } }
  | { type: 'icon'; icon: { value: IconValue | null } };

export type PropertyValueType = Exclude<PropertyValue['type'], 'unknown'>;

/** `{ value: T | null }`, or the bare `T | null` variant (README decisions table), normalised to `{ value }`. */
function valuePayload<T extends z.ZodMiniType>(inner: T) {
  const nullable = z.pipe(
    z.optional(nullableOf(inner)),
    z.transform((value) => value ?? null),
  );
  return unionOf([
    z.object({ value: nullable }),
    z.pipe(
      nullable,
      z.transform((value) => ({ value })),
    ),
  ]);
}

const dateResolutionSchema = z.literal(['day', 'time']);
const iconSchema = z.object({ type: z.literal(['emoji', 'iconify']), val: z.string() });
/** The published reference's limit on an object's aliases. */
const MAX_ALIASES = 8;

const readDatePayload = z.object({
  dateResolution: dateResolutionSchema,
  start: nullableOf(z.string()),
  end: z.pipe(
    z.optional(nullableOf(z.string())),
    z.transform((end) => end ?? null),
  ),
});

const knownPropertyValueSchema = taggedUnion('type', [
  z.object({ type: z.literal('title'), title: z.object({ value: z.string() }) }),
  z.object({ type: z.literal('text'), text: valuePayload(z.string()) }),
  z.object({ type: z.literal('number'), number: valuePayload(numberSchema) }),
  z.object({ type: z.literal('boolean'), boolean: valuePayload(booleanSchema) }),
  z.object({ type: z.literal('url'), url: valuePayload(z.string()) }),
  z.object({ type: z.literal('date'), date: readDatePayload }),
  z.object({
    type: z.literal('label'),
    label: z.array(z.object({ id: z.string(), name: z.optional(z.string()), color: z.optional(z.string()) })),
  }),
  z.object({ type: z.literal('entity'), entity: z.array(z.object({ id: z.string() })) }),
  z.object({ type: z.literal('createdAt'), createdAt: valuePayload(z.string()) }),
  z.object({ type: z.literal('lastUpdatedAt'), lastUpdatedAt: valuePayload(z.string()) }),
  z.object({ type: z.literal('richText'), richText: z.object({ tokens: z.array(textTokenSchema) }) }),
  // Types only the published reference names.
  z.object({
    type: z.literal('aliases'),
    aliases: z.object({
      value: z.pipe(
        z.optional(nullableOf(z.array(z.string()))),
        z.transform((value) => value ?? []),
      ),
    }),
  }),
  z.object({ type: z.literal('icon'), icon: z.object({ value: nullableOf(iconSchema) }) }),
]);

const unknownPropertyValueSchema = z.pipe(
  z.looseObject({ type: z.string() }),
  z.transform((raw): UnknownPropertyValue => ({ type: 'unknown', rawType: raw.type, raw })),
);

/** Response values: one unreadable value must not make the whole object unreadable. */
export const propertyValueSchema: z.ZodMiniType<PropertyValue> = unionOf([
  knownPropertyValueSchema,
  unknownPropertyValueSchema,
]);

const writeDatePayload = z
  .object({
    dateResolution: z.optional(dateResolutionSchema),
    start: nullableOf(z.string()),
    end: z.optional(nullableOf(z.string())),
  })
  .check(
    z.superRefine((date, ctx) => {
      for (const key of ['start', 'end'] as const) {
        const value = date[key];
        if (typeof value !== 'string') continue;
        if (date.dateResolution === 'day') {
          if (!isCanonicalDay(value)) ctx.addIssue({ code: 'custom', path: [key], message: CANONICAL_DAY_RULE });
        } else if (!isoDateTimeSchema.safeParse(value).success) {
          ctx.addIssue({ code: 'custom', path: [key], message: ISO_DATE_TIME_RULE });
        }
      }
    }),
  );

const idRefs = z.array(z.object({ id: z.string().check(z.minLength(1)) }));
const nullableValue = <T extends z.ZodMiniType>(inner: T) => z.object({ value: nullableOf(inner) });

/** Request values: exact shapes; extra keys (e.g. a label's `color`) are stripped before sending. */
export const propertyValueInputSchema: z.ZodMiniType<PropertyValueInput, PropertyValueInput> = taggedUnion('type', [
  z.object({ type: z.literal('title'), title: z.object({ value: z.string() }) }),
  z.object({ type: z.literal('text'), text: nullableValue(z.string()) }),
  // zod 4 numbers refuse NaN and ±Infinity.
  z.object({ type: z.literal('number'), number: nullableValue(numberSchema) }),
  z.object({ type: z.literal('boolean'), boolean: nullableValue(booleanSchema) }),
  z.object({
    type: z.literal('url'),
    url: nullableValue(httpUrlSchema('must be an http(s) URL')),
  }),
  z.object({ type: z.literal('date'), date: writeDatePayload }),
  // The published reference requires each option's name beside its id (the spec ignores it).
  z.object({
    type: z.literal('label'),
    label: z.array(z.object({ id: z.string().check(z.minLength(1)), name: z.string() })),
  }),
  z.object({ type: z.literal('entity'), entity: idRefs }),
  z.object({ type: z.literal('createdAt'), createdAt: z.object({ value: isoDateTimeSchema }) }),
  z.object({ type: z.literal('richText'), richText: z.object({ tokens: z.array(textTokenInputSchema) }) }),
  z.object({
    type: z.literal('aliases'),
    aliases: z.object({ value: z.array(z.string()).check(z.maxLength(MAX_ALIASES)) }),
  }),
  z.object({ type: z.literal('icon'), icon: z.object({ value: nullableOf(iconSchema) }) }),
]);

export const propertiesInputSchema = recordOf(z.string().check(z.minLength(1)), propertyValueInputSchema);

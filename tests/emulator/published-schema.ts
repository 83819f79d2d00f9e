import { z } from 'zod/mini';

/**
 * The published reference's shapes of what a client writes: property values, text tokens and
 * blocks. A request that does not fit is a violation of the reference (published-requests.ts).
 * Unknown keys are dropped, never refused.
 */

export interface PublishedStyle {
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  underline?: boolean;
}

export type PublishedToken =
  | { type: 'TextToken'; text: string; style: PublishedStyle }
  | { type: 'LinkToken'; text: string; url?: string; entityId?: string; date?: string }
  | { type: 'CodeToken' | 'MathToken'; text: string };

const styleSchema = z.object({
  bold: z.optional(z.boolean()),
  italic: z.optional(z.boolean()),
  strikethrough: z.optional(z.boolean()),
  underline: z.optional(z.boolean()),
});

const LINK_TARGETS = ['url', 'entityId', 'date'] as const;

export const tokenSchema: z.ZodMiniType<PublishedToken> = z.discriminatedUnion('type', [
  // `style` is required on write by the reference.
  z.object({ type: z.literal('TextToken'), text: z.string(), style: styleSchema }),
  z
    .object({
      type: z.literal('LinkToken'),
      text: z.string(),
      url: z.optional(z.string().check(z.minLength(1))),
      entityId: z.optional(z.string().check(z.minLength(1))),
      date: z.optional(z.iso.datetime({ offset: true })),
    })
    .check(
      z.refine((token) => LINK_TARGETS.filter((key) => token[key] !== undefined).length === 1, {
        message: 'a LinkToken has exactly one of url, entityId, date',
      }),
    ),
  z.object({ type: z.literal('CodeToken'), text: z.string() }),
  z.object({ type: z.literal('MathToken'), text: z.string() }),
]);

export const LIST_TYPES = ['bullet', 'alphabetical', 'numerical', 'roman'] as const;

/** A highlight: `custom` ones name a label (1–20 characters) and a location (at most 20). */
const highlightSchema = z
  .object({
    type: z.string(),
    label: z.optional(z.string().check(z.minLength(1), z.maxLength(20))),
    location: z.optional(z.string().check(z.maxLength(20))),
    url: z.optional(z.string()),
    color: z.optional(z.string()),
  })
  .check(
    z.refine(
      (highlight) => highlight.type !== 'custom' || (highlight.label !== undefined && highlight.location !== undefined),
      {
        message: 'a custom highlight needs label and location',
      },
    ),
  );

export interface PublishedTextBlock {
  id?: string;
  type: 'TextBlock';
  tokens?: PublishedToken[];
  blocks?: PublishedBlock[];
  hierarchy?: { key: string; val: number };
  list?: { type: (typeof LIST_TYPES)[number] } | null;
  todo?: { isDone: boolean } | null;
  toggle?: { isOpen: boolean } | null;
  quote?: { layout: 'normal' | 'standout' } | null;
  textAlignment?: string;
  colorTheme?: string;
  highlight?: Record<string, unknown> | null;
}

export type PublishedBlock =
  | PublishedTextBlock
  | { id?: string; type: 'GroupBlock'; blocks?: PublishedBlock[] }
  | { id?: string; type: 'GridBlock'; columns: PublishedBlock[][]; dividers?: boolean; gridLayout?: number[] }
  | { id?: string; type: 'CodeBlock'; lang?: string; text: string }
  | { id?: string; type: 'MathBlock'; text: string }
  | { id?: string; type: 'EntityBlock'; entityId: string }
  | { id?: string; type: 'HorizontalLineBlock' }
  | { id?: string; type: 'unsupported'; blockType?: string };

const id = z.optional(z.string());
const children = () => z.optional(z.array(blockSchema));

export const blockSchema: z.ZodMiniType<PublishedBlock> = z.discriminatedUnion('type', [
  z.object({
    id,
    type: z.literal('TextBlock'),
    tokens: z.optional(z.array(tokenSchema)),
    get blocks() {
      return children();
    },
    hierarchy: z.optional(z.object({ key: z.string(), val: z.number() })),
    list: z.optional(z.nullable(z.object({ type: z.enum(LIST_TYPES) }))),
    todo: z.optional(z.nullable(z.object({ isDone: z.boolean() }))),
    toggle: z.optional(z.nullable(z.object({ isOpen: z.boolean() }))),
    quote: z.optional(z.nullable(z.object({ layout: z.enum(['normal', 'standout']) }))),
    textAlignment: z.optional(z.string()),
    colorTheme: z.optional(z.string()),
    highlight: z.optional(z.nullable(highlightSchema)),
  }),
  z.object({
    id,
    type: z.literal('GroupBlock'),
    get blocks() {
      return children();
    },
  }),
  z.object({
    id,
    type: z.literal('GridBlock'),
    get columns() {
      return z.array(z.array(blockSchema));
    },
    dividers: z.optional(z.boolean()),
    gridLayout: z.optional(z.array(z.number())),
  }),
  z.object({ id, type: z.literal('CodeBlock'), lang: z.optional(z.string()), text: z.string() }),
  z.object({ id, type: z.literal('MathBlock'), text: z.string() }),
  z.object({ id, type: z.literal('EntityBlock'), entityId: z.string() }),
  z.object({ id, type: z.literal('HorizontalLineBlock') }),
  z.object({ id, type: z.literal('unsupported'), blockType: z.optional(z.string()) }),
]);

const valuePayload = <T extends z.ZodMiniType>(value: T) => z.object({ value });

/** A property value on write: `{ type, <type>: payload }`, payloads as the reference's "Values" list them. */
export const valueSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('title'), title: valuePayload(z.string()) }),
  z.object({ type: z.literal('text'), text: valuePayload(z.nullable(z.string())) }),
  z.object({ type: z.literal('url'), url: valuePayload(z.nullable(z.string())) }),
  z.object({ type: z.literal('number'), number: valuePayload(z.nullable(z.number())) }),
  z.object({ type: z.literal('boolean'), boolean: valuePayload(z.nullable(z.boolean())) }),
  z.object({
    type: z.literal('date'),
    date: z.object({
      dateResolution: z.optional(z.enum(['day', 'time'])),
      start: z.nullable(z.string()),
      end: z.optional(z.nullable(z.string())),
    }),
  }),
  // `name` is required by the reference (the spec says it is ignored).
  z.object({ type: z.literal('label'), label: z.array(z.object({ id: z.string(), name: z.string() })) }),
  z.object({ type: z.literal('entity'), entity: z.array(z.object({ id: z.string() })) }),
  z.object({ type: z.literal('aliases'), aliases: valuePayload(z.array(z.string()).check(z.maxLength(8))) }),
  z.object({
    type: z.literal('icon'),
    icon: valuePayload(z.nullable(z.object({ type: z.enum(['emoji', 'iconify']), val: z.string() }))),
  }),
  z.object({ type: z.literal('richText'), richText: valuePayload(z.array(tokenSchema)) }),
  z.object({ type: z.literal('createdAt'), createdAt: valuePayload(z.string()) }),
  z.object({ type: z.literal('lastUpdatedAt'), lastUpdatedAt: valuePayload(z.string()) }),
]);

export type PublishedValue = z.infer<typeof valueSchema>;

export const propertiesSchema = z.record(z.string(), valueSchema);

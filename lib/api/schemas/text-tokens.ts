import { z } from 'zod/mini';
import { booleanSchema, taggedUnion, unionOf } from './lean-kinds';

/**
 * Inline text tokens (TextBlock content and richText values). Shapes beyond `type`/`text`/`style`
 * follow tests/emulator/README.md, decisions table ("Text tokens"); extra fields are tolerated.
 */

export interface TextStyle {
  bold?: boolean;
  italic?: boolean;
  strikethrough?: boolean;
  underline?: boolean;
  code?: boolean;
}

export type TextTokenInput =
  | { type: 'TextToken'; text: string; style?: TextStyle }
  | { type: 'LinkToken'; text: string; url: string; style?: TextStyle }
  | { type: 'CodeToken'; text: string }
  | { type: 'MathToken'; text: string };

/** A token type this client does not know yet: kept, with its text when it has one. */
export interface UnknownTextToken {
  type: 'unknown';
  rawType: string;
  text: string;
  raw: Record<string, unknown>;
}

export type TextToken = TextTokenInput | UnknownTextToken;

const flag = z.optional(booleanSchema);
const textStyleSchema = z.object({
  bold: flag,
  italic: flag,
  strikethrough: flag,
  underline: flag,
  code: flag,
});

export const textTokenInputSchema = taggedUnion('type', [
  z.object({ type: z.literal('TextToken'), text: z.string(), style: z.optional(textStyleSchema) }),
  z.object({ type: z.literal('LinkToken'), text: z.string(), url: z.string(), style: z.optional(textStyleSchema) }),
  z.object({ type: z.literal('CodeToken'), text: z.string() }),
  z.object({ type: z.literal('MathToken'), text: z.string() }),
]);

const unknownTextTokenSchema = z.pipe(
  z.looseObject({ type: z.string(), text: z.optional(z.string()) }),
  z.transform((raw): UnknownTextToken => ({ type: 'unknown', rawType: raw.type, text: raw.text ?? '', raw })),
);

/** Response tokens: unknown or unreadable tokens degrade to `unknown` instead of failing the block. */
export const textTokenSchema: z.ZodMiniType<TextToken> = unionOf([textTokenInputSchema, unknownTextTokenSchema]);

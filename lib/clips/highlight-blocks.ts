import { z } from 'zod/mini';
import type { Block, BlockForm, BlockInput, TextBlock } from '../api/schemas/blocks';
import { booleanSchema } from '../api/schemas/lean-kinds';
import type { TextStyle, TextToken, TextTokenInput } from '../api/schemas/text-tokens';
import { HIGHLIGHT_COLOURS, type HighlightColour } from '../highlighter/colours';
import { id, text } from './clip-fields';

/**
 * A highlight as a block of the page's weblink (issue #23). Published reference: a TextBlock of
 * the quoted text with `highlight: {type: 'custom', label, color, url, location}`. Spec: blocks have
 * no highlight field, so a quote TextBlock that names its colour in its text, as a link to the
 * passage (` [yellow]`). Either way the note is the block's one child, a plain text token (never
 * read as Markdown, so nothing in it needs escaping). Read back by the same shapes, whoever made them.
 */

/** Most characters a highlight may quote (as the highlighter script refuses past it). */
export const MAX_HIGHLIGHT_CHARS = 20_000;

const colourSchema = z.literal(HIGHLIGHT_COLOURS);

/** A highlight's content, as a clip keeps it. Label and location within the reference's 1–20 characters. */
export const highlightContentSchema = z.strictObject({
  /** The page's provisional id of it. */
  id: id(),
  quote: z.string().check(z.minLength(1), z.maxLength(MAX_HIGHLIGHT_CHARS)),
  /** Its inline formatting (the page's styled runs); absent: the quote as plain text. */
  runs: z.optional(
    z
      .array(
        z.object({
          text: text(MAX_HIGHLIGHT_CHARS),
          bold: z.optional(booleanSchema),
          italic: z.optional(booleanSchema),
          strikethrough: z.optional(booleanSchema),
          underline: z.optional(booleanSchema),
          code: z.optional(booleanSchema),
          href: z.optional(text(8_000)),
        }),
      )
      .check(z.maxLength(2_000)),
  ),
  colour: colourSchema,
  /** The page's address with a text fragment for the passage. */
  url: text(16_000),
  label: z.string().check(z.minLength(1), z.maxLength(20)),
  location: text(20),
  note: text(MAX_HIGHLIGHT_CHARS),
});
export type HighlightContent = z.infer<typeof highlightContentSchema>;

/** The published reference requires every flag on write. */
const fullStyle = (style: TextStyle = {}): TextStyle => ({
  bold: !!style.bold,
  italic: !!style.italic,
  strikethrough: !!style.strikethrough,
  underline: !!style.underline,
});

const plain = (value: string, style?: TextStyle): TextTokenInput => ({
  type: 'TextToken',
  text: value,
  style: fullStyle(style),
});

/** A token read back, as it can be sent again. */
const resent = (token: TextToken): TextTokenInput =>
  token.type === 'unknown'
    ? plain(token.text)
    : token.type === 'TextToken' || token.type === 'LinkToken'
      ? { ...token, style: fullStyle(token.style) }
      : token;

function tokensOf(content: HighlightContent): TextTokenInput[] {
  return (content.runs ?? [{ text: content.quote }]).map((run) => {
    if (run.code) return { type: 'CodeToken', text: run.text };
    const token = plain(run.text, run);
    return run.href ? { ...token, type: 'LinkToken', url: run.href } : token;
  });
}

const noteBlocks = (note: string): BlockInput[] => (note ? [{ type: 'TextBlock', tokens: [plain(note)] }] : []);

/** The block of a new highlight, in the server's form. */
export function highlightBlock(content: HighlightContent, form: BlockForm): BlockInput {
  const { colour, url, label, location, note } = content;
  const blocks = noteBlocks(note);
  if (form === 'published') {
    return {
      type: 'TextBlock',
      tokens: tokensOf(content),
      highlight: { type: 'custom', label, color: colour, url, location },
      blocks,
    };
  }
  return {
    type: 'TextBlock',
    quote: true,
    tokens: [...tokensOf(content), plain(' '), { ...plain(`[${colour}]`), type: 'LinkToken', url }],
    blocks,
  };
}

/** A highlight read from a weblink's blocks. */
export interface StoredHighlight {
  blockId: string;
  quote: string;
  colour: HighlightColour;
  note: string;
  block: TextBlock;
}

const SPEC_COLOUR = /^\[(\w+)\]$/;
const joined = (tokens: TextToken[]) => tokens.map((token) => token.text).join('');

/** The highlight a root block is, in either form, or undefined. */
function readHighlight(block: Block): StoredHighlight | undefined {
  if (block.type !== 'TextBlock') return undefined;
  const note = block.blocks.map((child) => (child.type === 'TextBlock' ? joined(child.tokens) : '')).join('\n');
  const mark = block.highlight as { color?: unknown } | null | undefined;
  let colour: unknown = mark?.color;
  let tokens = block.tokens;
  if (!mark && block.quote) {
    const last = tokens[tokens.length - 1];
    colour = last?.type === 'LinkToken' ? SPEC_COLOUR.exec(last.text)?.[1] : undefined;
    tokens = tokens.slice(0, -2);
  }
  const parsed = colourSchema.safeParse(colour);
  return parsed.success ? { blockId: block.id, quote: joined(tokens), colour: parsed.data, note, block } : undefined;
}

/** Every highlight among an object's root blocks, in their order. */
export function readHighlights(blocks: Record<string, Block[]> | undefined): StoredHighlight[] {
  return Object.values(blocks ?? {})
    .flat()
    .flatMap((block) => readHighlight(block) ?? []);
}

/** Quotes as compared: white space collapsed (a line break between blocks is a space on the page). */
export const sameQuote = (a: string, b: string) => a.replace(/\s+/g, ' ').trim() === b.replace(/\s+/g, ' ').trim();

/** One highlight of an object: by its block id, or (made here, its id not yet known) by its quote. */
export function findHighlight(
  blocks: Record<string, Block[]> | undefined,
  blockId: string,
  quote: string,
): StoredHighlight | undefined {
  const all = readHighlights(blocks);
  return all.find((found) => found.blockId === blockId) ?? all.find((found) => sameQuote(found.quote, quote));
}

/** A stored highlight with another colour or note, its quote, address and formatting kept. */
export function changedBlock(found: StoredHighlight, change: { colour?: HighlightColour; note?: string }): BlockInput {
  const { block } = found;
  const colour = change.colour ?? found.colour;
  const tokens = block.tokens.map(resent);
  const mark = block.highlight as Record<string, unknown> | null | undefined;
  const next: BlockInput = mark
    ? { type: 'TextBlock', tokens, highlight: { ...mark, color: colour } as never }
    : {
        type: 'TextBlock',
        quote: block.quote ?? true,
        tokens: tokens.map((token, index) => (index === tokens.length - 1 ? { ...token, text: `[${colour}]` } : token)),
      };
  return change.note === undefined ? next : { ...next, blocks: noteBlocks(change.note) };
}

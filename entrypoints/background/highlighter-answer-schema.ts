import { z } from 'zod/mini';
import { taggedUnion } from '@/lib/api/schemas/lean-kinds';
import { countSchema } from '@/lib/api/schemas/numbers';
import { MAX_TITLE_LENGTH } from '@/lib/clip/capture-limits';
import { text } from '@/lib/clips/clip-fields';
import { highlightContentSchema, MAX_HIGHLIGHT_CHARS } from '@/lib/clips/highlight-blocks';
import type { HighlighterAnswer } from '@/lib/highlighter/commands';

/**
 * The highlighter script's answers the background reads (lib/highlighter/commands.ts), as it
 * accepts them: page data, checked like any input, every length capped. A page has at most
 * MAX_PAGE_HIGHLIGHTS drawn (2,000 must draw, issue #23). Those it does not read (`done` after an
 * update or removal, `refused` where the page cannot draw) fail the check, which is read as "no
 * answer": what the caller does then anyway.
 */
const MAX_PAGE_HIGHLIGHTS = 5_000;
const offset = countSchema();

const selectors = z.object({
  quote: z.object({
    type: z.literal('TextQuoteSelector'),
    exact: text(MAX_HIGHLIGHT_CHARS),
    prefix: text(100),
    suffix: text(100),
  }),
  position: z.optional(z.object({ type: z.literal('TextPositionSelector'), start: offset, end: offset })),
});

// A highlight's text, its runs and colour are checked as a highlight clip's (lib/clips/highlight-blocks.ts).
const { quote, runs, colour } = highlightContentSchema.shape;
const record = { id: text(200), colour, note: z.optional(text(MAX_HIGHLIGHT_CHARS)), selectors };

export const highlighterAnswerSchema = taggedUnion('kind', [
  z.object({
    kind: z.literal('captured'),
    highlight: z.object(record),
    text: quote,
    runs,
    heading: text(2_000),
    url: text(16_000),
    title: text(MAX_TITLE_LENGTH),
  }),
  z.object({ kind: z.literal('no-selection') }),
  z.object({ kind: z.literal('too-long'), length: offset, limit: offset }),
  z.object({ kind: z.literal('opened'), id: text(200) }),
  z.object({
    kind: z.literal('listed'),
    highlights: z
      .array(z.object({ ...record, status: z.literal(['found', 'orphan']) }))
      .check(z.maxLength(MAX_PAGE_HIGHLIGHTS)),
  }),
  z.object({
    kind: z.literal('changes'),
    changes: z
      .array(
        z.object({
          kind: z.literal(['colour', 'note', 'remove']),
          id: text(200),
          colour: z.optional(colour),
          note: z.optional(text(MAX_HIGHLIGHT_CHARS)),
        }),
      )
      .check(z.maxLength(MAX_PAGE_HIGHLIGHTS)),
  }),
]) as z.ZodMiniType<Exclude<HighlighterAnswer, { kind: 'done' | 'refused' }>>;

/**
 * What the background asks of the highlighter script and what it answers: types only, imported by
 * both sides (entrypoints/highlighter.ts documents the calls). Every answer is JSON, as
 * `scripting.executeScript` hands it back.
 */
import type { HighlightColour } from './colours';
import type { HighlightSelectors } from './selectors';
import type { StyledRun } from './styled-runs';

/** A highlight as the extension keeps it for a page. */
export interface HighlightRecord {
  /** The block's id in the space, or a provisional id until the space has answered. */
  id: string;
  colour: HighlightColour;
  selectors: HighlightSelectors;
  note?: string;
}

export type HighlighterCommand =
  /** Highlights the person's selection in `colour` (the person's default colour; yellow when absent), drawn at once. */
  | { kind: 'capture'; colour?: HighlightColour }
  /** Makes the drawn highlights these (anchoring the new ones, dropping those not listed). */
  | { kind: 'draw'; highlights: HighlightRecord[] }
  /** Changes one highlight's colour or note, or gives a provisional one its id in the space. */
  | { kind: 'update'; id: string; colour?: HighlightColour; note?: string; newId?: string }
  | { kind: 'remove'; id: string }
  /** What is drawn, in page order. */
  | { kind: 'list' }
  /** Takes what the person did in the page's toolbar since the last time it was asked. */
  | { kind: 'take-changes' };

/** Most characters a highlight may quote: past that, `capture` refuses. */
export const MAX_HIGHLIGHT_LENGTH = 20_000;

export interface CapturedHighlight {
  kind: 'captured';
  /** Drawn already, under a provisional id. */
  highlight: HighlightRecord;
  /** The passage as a reader sees it (runs joined; a line break between blocks). */
  text: string;
  /** Its inline formatting, as the published reference's text tokens can carry it. */
  runs: StyledRun[];
  /** The text of the nearest heading before it ('' when none); the caller cuts it to length. */
  heading: string;
  /** The page's address with a text fragment (`#:~:text=…`) that scrolls to the passage. */
  url: string;
  /** The page's title as "Save page" names its weblink (lib/clip/metadata.ts `pageTitle`), not the tab's. */
  title: string;
}

export type CaptureAnswer =
  | CapturedHighlight
  /** No text selected, or nothing of the page's text in the selection. */
  | { kind: 'no-selection' }
  | { kind: 'too-long'; length: number; limit: number }
  /** The selection lies within a highlight already drawn: its toolbar was opened instead. */
  | { kind: 'opened'; id: string };

export interface ListedHighlight {
  id: string;
  colour: HighlightColour;
  note?: string;
  /** 'orphan': not found on this page ("Not found on this page"); kept, never dropped. */
  status: 'found' | 'orphan';
  /** 'fuzzy': found at a passage that differs from the quote (the page changed). */
  match?: 'exact' | 'fuzzy';
  /** Where it is now (found), or where it was (orphan). */
  selectors: HighlightSelectors;
}

export type ToolbarChange =
  | { kind: 'colour'; id: string; colour: HighlightColour }
  | { kind: 'note'; id: string; note: string }
  | { kind: 'remove'; id: string };

export type HighlighterAnswer =
  | CaptureAnswer
  | { kind: 'listed'; highlights: ListedHighlight[] }
  | { kind: 'done'; found: boolean }
  | { kind: 'changes'; changes: ToolbarChange[] }
  /** A command the script does not know, or a page where highlights cannot be drawn. */
  | { kind: 'refused'; reason: 'bad-command' | 'unsupported' };

/**
 * What the highlighter script says to the background when the person changed something in the
 * page's toolbar, and nothing else: the background then takes the changes itself (`take-changes`),
 * so no data of the page's ever rides on a message.
 */
export const HIGHLIGHTS_CHANGED_MESSAGE = 'space-clipper:highlights-changed';

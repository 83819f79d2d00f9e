/**
 * "Highlight selection": the person's selection as a new highlight, drawn at once under a
 * provisional id, with what the space keeps of it: its selectors, its text and inline formatting,
 * the heading it falls under and a text-fragment address. A selection within a highlight already
 * drawn means that highlight (how a keyboard reaches one); one too long is refused.
 */
import { pageTitle } from '@/lib/clip/metadata';
import { blockOf } from '@/lib/highlighter/blocks';
import type { HighlightColour } from '@/lib/highlighter/colours';
import { type CaptureAnswer, MAX_HIGHLIGHT_LENGTH } from '@/lib/highlighter/commands';
import { nodeIndexAt, offsetOf, offsetsOf, rangeOf, readPageText, textRoot } from '@/lib/highlighter/page-text';
import { describeSpan, trimSpan } from '@/lib/highlighter/selectors';
import { styledRuns } from '@/lib/highlighter/styled-runs';
import { highlightAround } from './hit-test';
import { nearestHeading } from './nearest-heading';
import type { Registry } from './registry';
import { textFragmentUrl } from './text-fragment';

/** Characters of a block's text around a passage that the text fragment may take its context from. */
const FRAGMENT_CONTEXT = 200;

export type Capture = Exclude<CaptureAnswer, { kind: 'opened' }> | { kind: 'inside'; id: string };

export function captureSelection(doc: Document, registry: Registry, colour: HighlightColour, id: string): Capture {
  const selection = doc.getSelection();
  const root = textRoot(doc);
  if (!selection || selection.rangeCount === 0) return { kind: 'no-selection' };
  // Firefox keeps one range per table cell or Ctrl-selection: the first is the passage.
  const selected = selection.getRangeAt(0);
  if (!root.contains(selected.commonAncestorContainer)) return { kind: 'no-selection' };
  const around = highlightAround(registry, selected);
  if (around) return { kind: 'inside', id: around.record.id };
  if (selected.collapsed) return { kind: 'no-selection' };

  const page = readPageText(root);
  const offsets = offsetsOf(page, selected);
  const { start, end } = trimSpan(page.text, offsets.start, offsets.end);
  if (start >= end) return { kind: 'no-selection' };
  if (end - start > MAX_HIGHLIGHT_LENGTH) {
    return { kind: 'too-long', length: end - start, limit: MAX_HIGHLIGHT_LENGTH };
  }

  const range = rangeOf(page, start, end);
  const record = { id, colour, selectors: describeSpan(page.text, start, end) };
  registry.set(id, { record, range, match: 'exact' });

  const runs = styledRuns(page, root, start, end);
  const text = runs.map((run) => run.text).join('');
  const firstBlock = blockOf(page.nodes[nodeIndexAt(page, start, 'start')] as Node, root);
  const lastBlock = blockOf(page.nodes[nodeIndexAt(page, end, 'end')] as Node, root);
  const blockStart = Math.max(offsetOf(page, firstBlock, 0), start - FRAGMENT_CONTEXT);
  const blockEnd = Math.min(offsetOf(page, lastBlock, lastBlock.childNodes.length), end + FRAGMENT_CONTEXT);
  const url = textFragmentUrl(doc.URL, {
    text,
    before: page.text.slice(blockStart, start),
    after: page.text.slice(end, blockEnd),
  });
  return {
    kind: 'captured',
    highlight: record,
    text,
    runs,
    heading: nearestHeading(doc, range.startContainer, range.startOffset),
    url,
    title: pageTitle(doc, doc.URL),
  };
}

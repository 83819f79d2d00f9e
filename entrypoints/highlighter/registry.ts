/**
 * The highlights drawn on a page: each one's record and its live Range (null for an orphan), kept
 * in the script's isolated world, and painted one Highlight per colour, however many there are.
 */
import { HIGHLIGHT_COLOURS, type HighlightColour, highlightName } from '@/lib/highlighter/colours';
import type { HighlightRecord, ListedHighlight } from '@/lib/highlighter/commands';
import { offsetsOf, type PageText, rangeOf } from '@/lib/highlighter/page-text';
import { describeSpan, type HighlightSelectors } from '@/lib/highlighter/selectors';
import type { Located } from './locate';
import { locate } from './locate';
import type { HighlightSurface } from './surface';

export interface DrawnHighlight {
  record: HighlightRecord;
  /** Live: it follows the page's edits. Null when the passage was not found (an orphan). */
  range: Range | null;
  match?: Located['match'];
}

/** Drawn highlights by id, in the order they came. */
export type Registry = Map<string, DrawnHighlight>;

/** Paints every colour's ranges: one `Highlight` per colour. */
export function paint(registry: Registry, surface: HighlightSurface): void {
  const byColour = new Map<HighlightColour, Range[]>(HIGHLIGHT_COLOURS.map((colour) => [colour, []]));
  for (const { record, range } of registry.values()) if (range) byColour.get(record.colour)?.push(range);
  for (const [colour, ranges] of byColour) surface.paint(highlightName(colour), ranges);
}

const sameSelectors = (a: HighlightSelectors, b: HighlightSelectors) => JSON.stringify(a) === JSON.stringify(b);

/** Anchors one record in the page's text. */
export function anchor(page: PageText, record: HighlightRecord): DrawnHighlight {
  const found = locate(page.text, record.selectors);
  return found ? { record, range: rangeOf(page, found.start, found.end), match: found.match } : { record, range: null };
}

/**
 * Makes the registry hold exactly `records`: those already anchored with the same selectors keep
 * their range (the page may have moved them since), the others are anchored in `page`, read once
 * for all of them.
 */
export function sync(registry: Registry, records: readonly HighlightRecord[], page: () => PageText): void {
  const kept = new Map(registry);
  registry.clear();
  let text: PageText | undefined;
  for (const record of records) {
    const before = kept.get(record.id);
    if (before?.range && sameSelectors(before.record.selectors, record.selectors)) {
      registry.set(record.id, { ...before, record });
    } else {
      text ??= page();
      registry.set(record.id, anchor(text, record));
    }
  }
}

/** Changes a drawn highlight's colour, note or id; false when there is none by that id. */
export function update(
  registry: Registry,
  id: string,
  changes: { colour?: HighlightColour; note?: string; newId?: string },
): boolean {
  const drawn = registry.get(id);
  if (!drawn) return false;
  const { newId, ...fields } = changes;
  const record = { ...drawn.record, ...fields, id: newId ?? id };
  if (newId === undefined || newId === id) {
    registry.set(id, { ...drawn, record });
    return true;
  }
  // A provisional id replaced: the highlight keeps its place in the order.
  const entries = [...registry].map(([key, value]): [string, DrawnHighlight] =>
    key === id ? [newId, { ...value, record }] : [key, value],
  );
  registry.clear();
  for (const [key, value] of entries) registry.set(key, value);
  return true;
}

/**
 * What is drawn, in page order (by where each starts now), then the orphans in the order they
 * came, with where each highlight is now (orphans: where it was).
 */
export function list(registry: Registry, page: () => PageText): ListedHighlight[] {
  let text: PageText | undefined;
  const found: { listed: ListedHighlight; start: number; end: number }[] = [];
  const orphans: ListedHighlight[] = [];
  for (const { record, range, match } of registry.values()) {
    const { id, colour, note } = record;
    const fields = { id, colour, ...(note === undefined ? {} : { note }) };
    text ??= range ? page() : undefined;
    const { start, end } = range && text ? offsetsOf(text, range) : { start: 0, end: 0 };
    // A passage the page has removed since it was drawn leaves nothing of its text between the
    // range's ends (a browser collapses a live range whose text goes): not on the page any more.
    if (!range || !text || start >= end) {
      orphans.push({ ...fields, status: 'orphan', selectors: record.selectors });
      continue;
    }
    const selectors = describeSpan(text.text, start, end);
    found.push({ listed: { ...fields, status: 'found', match: match ?? 'exact', selectors }, start, end });
  }
  found.sort((a, b) => a.start - b.start || a.end - b.end);
  return [...found.map((item) => item.listed), ...orphans];
}

import { beforeEach, describe, expect, it } from 'vitest';
import type { HighlightColour } from '@/lib/highlighter/colours';
import type { HighlightRecord } from '@/lib/highlighter/commands';
import { readPageText, textRoot } from '@/lib/highlighter/page-text';
import { describeSpan } from '@/lib/highlighter/selectors';
import { list, paint, type Registry, sync, update } from './registry';
import type { HighlightSurface } from './surface';

/** What a surface was last asked to paint, by name: the seam in place of `CSS.highlights`. */
function recordingSurface() {
  const painted = new Map<string, string[]>();
  const surface: HighlightSurface = {
    paint: (name, ranges) =>
      painted.set(
        name,
        ranges.map((range) => (range as Range).toString()),
      ),
  };
  return { surface, painted };
}

const ARTICLE = `
  <h1>Keeping starters</h1>
  <p id="first">A starter is a <em>living culture</em> of wild yeast. Feed it once a day.</p>
  <p id="second">Keep it in a jar with a <a href="/lids">loose lid</a>, away from the sun.</p>
  <p id="third">A starter that smells of acetone is hungry, not dead.</p>`;

const pageText = () => readPageText(textRoot(document));

/** A record for the first occurrence of `quote` in the page as it is now (or in `text`). */
function recordFor(
  id: string,
  quote: string,
  colour: HighlightColour = 'yellow',
  text = pageText().text,
): HighlightRecord {
  const start = text.indexOf(quote);
  if (start < 0) throw new Error(`not on the page: ${quote}`);
  return { id, colour, selectors: describeSpan(text, start, start + quote.length) };
}

let registry: Registry;

beforeEach(() => {
  document.body.innerHTML = ARTICLE;
  registry = new Map();
});

describe('drawing highlights again', () => {
  it('draws each colour once, with all its ranges', () => {
    const records = [
      recordFor('a', 'living culture of wild yeast'),
      recordFor('b', 'away from the sun', 'green'),
      recordFor('c', 'hungry, not dead'),
    ];
    sync(registry, records, pageText);
    const { surface, painted } = recordingSurface();
    paint(registry, surface);
    expect(painted.get('space-clipper-yellow')).toEqual(['living culture of wild yeast', 'hungry, not dead']);
    expect(painted.get('space-clipper-green')).toEqual(['away from the sun']);
    expect(painted.get('space-clipper-red')).toEqual([]);
  });

  it('still finds them after a paragraph is inserted before them', () => {
    const records = [recordFor('a', 'Keep it in a jar'), recordFor('b', 'smells of acetone')];
    document
      .getElementById('first')
      ?.insertAdjacentHTML('beforebegin', '<p>A new paragraph about flour and water.</p>');
    sync(registry, records, pageText);
    expect(list(registry, pageText).map((item) => [item.status, item.match, item.selectors.quote.exact])).toEqual([
      ['found', 'exact', 'Keep it in a jar'],
      ['found', 'exact', 'smells of acetone'],
    ]);
  });

  it('still finds one with a word changed inside, and says where it is now', () => {
    const records = [recordFor('a', 'A starter that smells of acetone is hungry')];
    (document.getElementById('third') as HTMLElement).textContent =
      'A starter that smells of varnish is hungry, not dead.';
    sync(registry, records, pageText);
    const [listed] = list(registry, pageText);
    expect(listed?.status).toBe('found');
    expect(listed?.match).toBe('fuzzy');
    expect(listed?.selectors.quote.exact).toBe('A starter that smells of varnish is hungry');
  });

  it('lists one whose text is gone as an orphan, after the others, and keeps it', () => {
    const records = [
      recordFor('gone', 'A starter that smells of acetone is hungry'),
      recordFor('kept', 'Feed it once a day'),
    ];
    document.getElementById('third')?.remove();
    sync(registry, records, pageText);
    expect(list(registry, pageText).map((item) => [item.id, item.status])).toEqual([
      ['kept', 'found'],
      ['gone', 'orphan'],
    ]);
    expect(list(registry, pageText)[1]?.selectors).toEqual(records[0]?.selectors);
  });

  it('lists one whose text the page removed after it was drawn as an orphan', () => {
    sync(registry, [recordFor('a', 'smells of acetone'), recordFor('b', 'Feed it once a day')], pageText);
    document.getElementById('third')?.remove();
    expect(list(registry, pageText).map((item) => [item.id, item.status, item.selectors.quote.exact])).toEqual([
      ['b', 'found', 'Feed it once a day'],
      ['a', 'orphan', 'smells of acetone'],
    ]);
  });

  it('draws a passage over two paragraphs and a link, and one overlapping it', () => {
    const across = recordFor('across', 'Feed it once a day. Keep it in a jar with a loose lid, away');
    const inside = recordFor('inside', 'a jar with a loose lid', 'blue');
    sync(registry, [inside, across], pageText);
    const { surface, painted } = recordingSurface();
    paint(registry, surface);
    expect(painted.get('space-clipper-yellow')?.[0]?.replace(/\s+/g, ' ')).toBe(
      'Feed it once a day. Keep it in a jar with a loose lid, away',
    );
    expect(painted.get('space-clipper-blue')).toEqual(['a jar with a loose lid']);
    expect(list(registry, pageText).map((item) => item.id)).toEqual(['across', 'inside']);
    // Nothing was wrapped: the page's markup is as it was.
    expect(document.body.innerHTML).toBe(ARTICLE);
  });

  it('keeps what is drawn when drawn again with the same highlights, and drops the ones no longer listed', () => {
    const records = [recordFor('a', 'Feed it once a day'), recordFor('b', 'away from the sun')];
    sync(registry, records, pageText);
    const range = registry.get('a')?.range;
    let reads = 0;
    sync(registry, [records[0] as HighlightRecord], () => {
      reads += 1;
      return pageText();
    });
    expect(registry.get('a')?.range).toBe(range);
    expect([...registry.keys()]).toEqual(['a']);
    expect(reads).toBe(0);
  });

  it('gives a provisional highlight its id in the space, in its place, with a new colour', () => {
    sync(registry, [recordFor('provisional-1', 'Feed it'), recordFor('b', 'loose lid')], pageText);
    expect(update(registry, 'provisional-1', { newId: 'block-7', colour: 'red', note: 'daily' })).toBe(true);
    expect([...registry.keys()]).toEqual(['block-7', 'b']);
    expect(registry.get('block-7')?.record).toMatchObject({ id: 'block-7', colour: 'red', note: 'daily' });
    expect(update(registry, 'nothing', { colour: 'red' })).toBe(false);
  });

  it('draws 2,000 highlights on a page that changed, reading its text once', () => {
    document.body.innerHTML = Array.from(
      { length: 2_000 },
      (_, index) => `<p>Paragraph ${index} says something of its own, number ${index * 7}.</p>`,
    ).join('');
    const colours = ['yellow', 'orange', 'green', 'red', 'purple', 'blue'] as const;
    const { text } = pageText();
    const records = Array.from({ length: 2_000 }, (_, index) =>
      recordFor(`h${index}`, `says something of its own, number ${index * 7}.`, colours[index % colours.length], text),
    );
    document.body.insertAdjacentHTML('afterbegin', '<p>A paragraph inserted at the top moves every position.</p>');
    let reads = 0;
    sync(registry, records, () => {
      reads += 1;
      return pageText();
    });
    const { surface, painted } = recordingSurface();
    paint(registry, surface);
    expect(reads).toBe(1);
    expect([...painted.values()].map((ranges) => ranges.length)).toEqual([334, 334, 333, 333, 333, 333]);
    expect(list(registry, pageText).filter((item) => item.status === 'found')).toHaveLength(2_000);
    // happy-dom places a Range's ends by walking the tree: slow, unlike a browser (bench/highlights.ts).
  }, 60_000);
});

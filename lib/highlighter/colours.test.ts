import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HIGHLIGHT_COLOURS, highlightName } from './colours';

const css = readFileSync(path.resolve(import.meta.dirname, '../../public/highlights.css'), 'utf8');

/** The declarations of the first rule whose selector is exactly `selector`. */
function rule(selector: string): string {
  const at = css.indexOf(`${selector} {`);
  return at < 0 ? '' : css.slice(at, css.indexOf('}', at));
}

describe('the highlight colours', () => {
  it('each draw with a translucent fill, so that the page keeps its own text colour', () => {
    for (const colour of HIGHLIGHT_COLOURS) {
      const declarations = rule(`::highlight(${highlightName(colour)})`);
      expect(declarations).toMatch(/background-color: rgb\(\d+ \d+ \d+ \/ 0\.\d+\)/);
      expect(declarations).not.toMatch(/(^|\s)color:/);
    }
  });

  it('tell each other apart without colour: each but yellow has a line of its own kind', () => {
    const lines = HIGHLIGHT_COLOURS.map(
      (colour) => /text-decoration: underline (\w+)/.exec(rule(`::highlight(${highlightName(colour)})`))?.[1] ?? 'none',
    );
    expect(lines[0]).toBe('none');
    expect(new Set(lines).size).toBe(HIGHLIGHT_COLOURS.length);
  });

  it('are shown the same way in the toolbar', () => {
    for (const colour of HIGHLIGHT_COLOURS) {
      const drawn = rule(`::highlight(${highlightName(colour)})`).replace(/^[^{]*\{/, '');
      const sample = rule(`space-clipper-toolbar::part(swatch-${colour})`).replace(/^[^{]*\{/, '');
      expect(sample).toBe(drawn);
    }
  });
});

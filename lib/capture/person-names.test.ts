import { describe, expect, it } from 'vitest';
import { displayName, distinctNames, nameKey, titleMatchesName } from './person-names';

describe('names of people', () => {
  it.each([
    ['Lovelace, Ada', 'Ada Lovelace'],
    ['Jong, Michiel de', 'Michiel de Jong'],
    ['Kooman, F.', 'F. Kooman'],
    ['  Grace   Hopper ', 'Grace Hopper'],
    ['Smith, Jr.', 'Smith, Jr.'],
    ['Acme, Inc', 'Acme, Inc'],
    ['One, Two, Three', 'One, Two, Three'],
  ])('writes %j as the title %j', (name, title) => {
    expect(displayName(name)).toBe(title);
  });

  it('compares names without case, diacritics, spacing or "Last, First" order', () => {
    expect(nameKey('Gödel, Kurt')).toBe('kurt godel');
    expect(titleMatchesName('Kurt Gödel', 'GODEL,  kurt')).toBe(true);
    expect(titleMatchesName('Jean-Paul Sartre', 'Sartre, Jean Paul')).toBe(true);
    expect(titleMatchesName('Søren Kierkegaard', 'Soren Kierkegaard')).toBe(true);
  });

  it('does not take initials for a name', () => {
    expect(titleMatchesName('Ada Lovelace', 'A. Lovelace')).toBe(false);
    expect(titleMatchesName('', '')).toBe(false);
  });

  it('keeps each person once, however the page spells them', () => {
    expect(distinctNames(['Lovelace, Ada', 'Ada Lovelace', 'ADA LOVELACE', 'Grace Hopper', ' '])).toEqual([
      'Ada Lovelace',
      'Grace Hopper',
    ]);
  });
});

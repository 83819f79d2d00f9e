import { describe, expect, it } from 'vitest';
import { existingTagFor, tagKey } from './tag-names';

const tags = [
  { id: 't1', title: 'JavaScript' },
  { id: 't2', title: 'Web Components' },
  { id: 't3', title: 'Libraries' },
  { id: 't4', title: 'C++' },
  { id: 't5', title: 'Café' },
];

describe('tag names', () => {
  it.each([
    ['javascript', 't1'],
    ['JAVASCRIPT', 't1'],
    ['web-component', 't2'],
    ['web_components', 't2'],
    ['  Web   Components ', 't2'],
    ['library', 't3'],
    ['c++', 't4'],
    ['cafe', 't5'],
    ['cafés', 't5'],
  ])('%j stands for an existing tag (%s), so no near-duplicate is created', (typed, id) => {
    expect(existingTagFor(typed, tags)?.id).toBe(id);
  });

  it.each(['java', 'c#', 'c', 'components web', ''])('%j is a new tag', (typed) => {
    expect(existingTagFor(typed, tags)).toBeUndefined();
  });

  it.each([
    ['classes', 'class'],
    ['databases', 'database'],
    ['movies', 'movie'],
    ['boxes', 'box'],
    ['status', 'status'],
    ['analysis', 'analysis'],
    ['APIs', 'API'],
  ])('%s and %s are one tag', (plural, singular) => {
    expect(tagKey(plural)).toBe(tagKey(singular));
  });

  it('keeps short words as they are', () => {
    expect(tagKey('JS')).toBe('js');
    expect(tagKey('CSS')).toBe('css');
    expect(tagKey('iOS')).toBe('ios');
  });
});

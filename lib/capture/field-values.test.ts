import { describe, expect, it } from 'vitest';
import { numberIn, propertyValueFor, type RuleDefinition } from './field-values';

const def = (type: string, extra: Partial<RuleDefinition> = {}): RuleDefinition => ({
  id: type,
  name: type,
  type,
  writable: true,
  ...extra,
});

describe('a page value as a property value', () => {
  it('text: the first value; a list joined, steps and ingredients one per line', () => {
    expect(propertyValueFor(def('text'), ['One'])).toEqual({ type: 'text', text: { value: 'One' } });
    expect(propertyValueFor(def('text'), ['A', 'B'], 'authors')).toEqual({ type: 'text', text: { value: 'A, B' } });
    expect(propertyValueFor(def('text'), ['Chop.', 'Cook.'], 'instructions')).toEqual({
      type: 'text',
      text: { value: 'Chop.\nCook.' },
    });
    expect(propertyValueFor(def('text'), ['PT1H2M3S'], 'duration')).toEqual({
      type: 'text',
      text: { value: '1:02:03' },
    });
  });

  it('number: the number in the text, a duration in minutes', () => {
    expect(numberIn('4 servings')).toBe(4);
    expect(numberIn('1,234 words')).toBe(1234);
    expect(numberIn('2,5')).toBe(2.5);
    expect(numberIn('PT1H30M')).toBe(90);
    expect(numberIn('none')).toBeUndefined();
    expect(propertyValueFor(def('number'), ['about', '12'])).toEqual({ type: 'number', number: { value: 12 } });
  });

  it('boolean: only words that say yes or no', () => {
    expect(propertyValueFor(def('boolean'), ['Yes'])).toEqual({ type: 'boolean', boolean: { value: true } });
    expect(propertyValueFor(def('boolean'), ['false'])).toEqual({ type: 'boolean', boolean: { value: false } });
    expect(propertyValueFor(def('boolean'), ['maybe'])).toBeUndefined();
  });

  it('url: a web address, and a DOI as its resolver’s link', () => {
    expect(propertyValueFor(def('url'), ['not an address', 'https://a.example/x'])).toEqual({
      type: 'url',
      url: { value: 'https://a.example/x' },
    });
    expect(propertyValueFor(def('url'), ['10.1000/xyz'], 'doi')).toEqual({
      type: 'url',
      url: { value: 'https://doi.org/10.1000/xyz' },
    });
    expect(propertyValueFor(def('url'), ['javascript:alert(1)'])).toBeUndefined();
  });

  it('date: the day the page names, in the property’s resolution', () => {
    expect(propertyValueFor(def('date'), ['2021-03-15'])).toEqual({
      type: 'date',
      date: { dateResolution: 'day', start: '2021-03-15T00:00:00.000Z' },
    });
    expect(propertyValueFor(def('date', { dateResolution: 'time' }), ['2017-12-15T08:50:02-05:00'])).toEqual({
      type: 'date',
      date: { dateResolution: 'time', start: '2017-12-15T13:50:02.000Z' },
    });
    expect(propertyValueFor(def('date'), ['Spring 2015', '2015'])).toBeUndefined();
  });

  it('label: the options named by the values, by name without case or diacritics', () => {
    const labelSet = [
      { id: 'l1', name: 'Soup' },
      { id: 'l2', name: 'Entrée' },
    ];
    expect(propertyValueFor(def('label', { labelSet }), ['entree', 'soup'])).toEqual({
      type: 'label',
      label: [{ id: 'l2', name: 'Entrée' }],
    });
    expect(propertyValueFor(def('label', { labelSet, multiple: true }), ['entree', 'SOUP', 'Dessert'])).toEqual({
      type: 'label',
      label: [
        { id: 'l2', name: 'Entrée' },
        { id: 'l1', name: 'Soup' },
      ],
    });
    expect(propertyValueFor(def('label', { labelSet }), ['Dessert'])).toBeUndefined();
  });

  it('gives nothing for empty values, entities or types a page cannot fill', () => {
    expect(propertyValueFor(def('text'), ['  '])).toBeUndefined();
    expect(propertyValueFor(def('entity'), ['Ada Lovelace'])).toBeUndefined();
    expect(propertyValueFor(def('richText'), ['x'])).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { emptyFieldValue, type FieldDefinition } from './field-definition';
import { parseFieldNumber, validateFieldValue } from './field-validation';

const def = (type: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id: 'p',
  name: 'P',
  type,
  writable: true,
  ...extra,
});

describe('parseFieldNumber', () => {
  it.each([
    ['12', 12],
    [' -3.5 ', -3.5],
    ['3,5', 3.5],
    ['.5', 0.5],
    ['1e3', 1000],
  ])('reads %j as %d', (raw, expected) => {
    expect(parseFieldNumber(raw)).toBe(expected);
  });

  it.each(['', 'abc', '12abc', '1.2.3', '1,000.5', '0x10', 'Infinity', '1e400'])('rejects %j', (raw) => {
    expect(parseFieldNumber(raw)).toBeUndefined();
  });
});

describe('validateFieldValue', () => {
  it('accepts every empty value: an empty field is simply not set', () => {
    for (const type of ['text', 'number', 'boolean', 'url', 'date', 'label', 'entity']) {
      const definition = def(type);
      const empty = emptyFieldValue(definition);
      if (!empty) throw new Error(type);
      expect(validateFieldValue(definition, empty)).toBeUndefined();
    }
  });

  it('explains an entry that is not a number', () => {
    expect(validateFieldValue(def('number'), { type: 'number', raw: '12 kg' })).toBe('Enter a number, like 12 or 3.5.');
    expect(validateFieldValue(def('number'), { type: 'number', raw: '12,5' })).toBeUndefined();
  });

  it('requires an absolute http(s) address', () => {
    const reason = 'Enter a full web address starting with http:// or https://.';
    expect(validateFieldValue(def('url'), { type: 'url', url: 'example.com/page' })).toBe(reason);
    expect(validateFieldValue(def('url'), { type: 'url', url: '/relative' })).toBe(reason);
    expect(validateFieldValue(def('url'), { type: 'url', url: 'javascript:alert(1)' })).toBe(reason);
    expect(validateFieldValue(def('url'), { type: 'url', url: 'ftp://example.com' })).toBe(reason);
    expect(validateFieldValue(def('url'), { type: 'url', url: ' https://example.com/a?b ' })).toBeUndefined();
  });

  it('allows one option for a single select and only options of the set', () => {
    const labelSet = [
      { id: 'l1', name: 'Low' },
      { id: 'l2', name: 'High' },
    ];
    const single = def('label', { labelSet, multiple: false });
    const multi = def('label', { labelSet, multiple: true });
    expect(validateFieldValue(single, { type: 'label', ids: ['l1', 'l2'] })).toBe('Choose at most one option.');
    expect(validateFieldValue(single, { type: 'label', ids: ['l2'] })).toBeUndefined();
    expect(validateFieldValue(multi, { type: 'label', ids: ['l1', 'l2'] })).toBeUndefined();
    expect(validateFieldValue(multi, { type: 'label', ids: ['l1', 'gone'] })).toBe(
      'This option no longer exists. Choose another.',
    );
  });

  it('checks the date form for the definition’s resolution', () => {
    const day = def('date', { dateResolution: 'day' });
    const time = def('date', { dateResolution: 'time' });
    const dayReason = 'Enter a date as YYYY-MM-DD.';
    const timeReason = 'Enter a date and time as YYYY-MM-DD hh:mm.';
    expect(validateFieldValue(day, { type: 'date', value: '2024-02-29' })).toBeUndefined();
    expect(validateFieldValue(day, { type: 'date', value: '2025-02-29' })).toBe(dayReason);
    expect(validateFieldValue(day, { type: 'date', value: '2025-2-3' })).toBe(dayReason);
    expect(validateFieldValue(day, { type: 'date', value: '2025-02-03T10:00' })).toBe(dayReason);
    expect(validateFieldValue(time, { type: 'date', value: '2025-02-03T10:00' })).toBeUndefined();
    expect(validateFieldValue(time, { type: 'date', value: '2025-02-03T24:00' })).toBe(timeReason);
    expect(validateFieldValue(time, { type: 'date', value: '2025-02-03' })).toBe(timeReason);
    expect(validateFieldValue(def('date'), { type: 'date', value: '2025-02-03' })).toBeUndefined();
  });

  it('takes the instant a page named for a date and time, not for a day', () => {
    const instant = '2015-02-24T19:56:33.374Z';
    expect(
      validateFieldValue(def('date', { dateResolution: 'time' }), { type: 'date', value: instant }),
    ).toBeUndefined();
    expect(validateFieldValue(def('date', { dateResolution: 'day' }), { type: 'date', value: instant })).toBe(
      'Enter a date as YYYY-MM-DD.',
    );
    expect(
      validateFieldValue(def('date', { dateResolution: 'time' }), { type: 'date', value: '2015-02-30T10:00Z' }),
    ).toBe('Enter a date and time as YYYY-MM-DD hh:mm.');
  });
});

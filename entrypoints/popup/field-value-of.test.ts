import { describe, expect, it } from 'vitest';
import { fieldValueOf } from './field-value-of';

const at = (start: string | null, dateResolution: 'day' | 'time' = 'time') =>
  ({ type: 'date', date: { dateResolution, start, end: null } }) as const;

describe('an API value as the form shows it', () => {
  it('shows text, numbers, checkboxes and addresses as their controls hold them', () => {
    expect(fieldValueOf({ type: 'text', text: { value: null } }, { withTime: false })).toEqual({
      type: 'text',
      text: '',
    });
    expect(fieldValueOf({ type: 'number', number: { value: 2.5 } }, { withTime: false })).toEqual({
      type: 'number',
      raw: '2.5',
    });
    expect(fieldValueOf({ type: 'boolean', boolean: { value: null } }, { withTime: false })).toEqual({
      type: 'boolean',
      checked: false,
    });
    expect(fieldValueOf({ type: 'url', url: { value: 'https://a.example/' } }, { withTime: false })).toEqual({
      type: 'url',
      url: 'https://a.example/',
    });
  });

  it('shows a day as the day, and a date and time on the local clock only where the field has a time', () => {
    expect(fieldValueOf(at('2026-03-04T10:00:00Z'), { withTime: false })).toEqual({
      type: 'date',
      value: '2026-03-04',
    });
    const local = fieldValueOf(at('2026-03-04T10:00:00Z'), { withTime: true });
    expect(local).toEqual({ type: 'date', value: expect.stringMatching(/^2026-03-0\dT\d\d:\d\d$/) });
    expect(fieldValueOf(at(null), { withTime: true })).toEqual({ type: 'date', value: '' });
  });

  it('shows linked objects by title, by id when the title is unknown, and not at all without titles', () => {
    const links = { type: 'entity' as const, entity: [{ id: 'a' }, { id: 'b' }] };
    expect(fieldValueOf(links, { withTime: false, titles: { a: 'Ada' } })).toEqual({
      type: 'entity',
      items: [
        { id: 'a', title: 'Ada' },
        { id: 'b', title: 'b' },
      ],
    });
    expect(fieldValueOf(links, { withTime: false })).toBeUndefined();
  });

  it('shows nothing for a value no control edits', () => {
    expect(fieldValueOf({ type: 'title', title: { value: 'T' } }, { withTime: false })).toBeUndefined();
  });
});

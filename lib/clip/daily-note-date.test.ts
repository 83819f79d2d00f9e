import { describe, expect, it } from 'vitest';
import { dailyNoteDate } from './daily-note-date';

describe('dailyNoteDate', () => {
  it('writes the day as midnight UTC in the canonical form', () => {
    expect(dailyNoteDate(new Date('2024-02-29T12:00:00Z'), 'UTC')).toBe('2024-02-29T00:00:00.000Z');
  });

  it('gives the same instant different days in different time zones', () => {
    const now = new Date('2024-03-10T23:30:00Z');
    expect(dailyNoteDate(now, 'UTC')).toBe('2024-03-10T00:00:00.000Z');
    expect(dailyNoteDate(now, 'Asia/Tokyo')).toBe('2024-03-11T00:00:00.000Z');
    expect(dailyNoteDate(now, 'America/Los_Angeles')).toBe('2024-03-10T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-06-01T10:30:00Z'), 'Pacific/Kiritimati')).toBe('2024-06-02T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-06-01T10:30:00Z'), 'Pacific/Pago_Pago')).toBe('2024-05-31T00:00:00.000Z');
  });

  it('changes day exactly at local midnight', () => {
    expect(dailyNoteDate(new Date('2024-01-01T04:59:59.999Z'), 'America/New_York')).toBe('2023-12-31T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-01-01T05:00:00.000Z'), 'America/New_York')).toBe('2024-01-01T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-06-30T18:29:59.999Z'), 'Asia/Kolkata')).toBe('2024-06-30T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-06-30T18:30:00.000Z'), 'Asia/Kolkata')).toBe('2024-07-01T00:00:00.000Z');
  });

  it('follows daylight saving time', () => {
    // Berlin is UTC+1 before 2024-03-31 01:00 UTC and UTC+2 after.
    expect(dailyNoteDate(new Date('2024-03-30T22:59:59Z'), 'Europe/Berlin')).toBe('2024-03-30T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-03-30T23:00:00Z'), 'Europe/Berlin')).toBe('2024-03-31T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-10-26T21:59:59Z'), 'Europe/Berlin')).toBe('2024-10-26T00:00:00.000Z');
    expect(dailyNoteDate(new Date('2024-10-26T22:00:00Z'), 'Europe/Berlin')).toBe('2024-10-27T00:00:00.000Z');
  });

  it('uses the runtime time zone when none is given', () => {
    const now = new Date('2024-07-04T12:00:00Z');
    const pad = (n: number) => String(n).padStart(2, '0');
    expect(dailyNoteDate(now)).toBe(
      `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}T00:00:00.000Z`,
    );
  });

  it('pads years before 1000', () => {
    expect(dailyNoteDate(new Date('0999-05-06T12:00:00Z'), 'UTC')).toBe('0999-05-06T00:00:00.000Z');
    expect(dailyNoteDate(new Date(999, 4, 6, 12))).toBe('0999-05-06T00:00:00.000Z');
  });

  it('gives the runtime time zone the day a formatter in that zone gives', () => {
    const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    for (const instant of ['2024-01-01T00:00:00Z', '2024-03-31T01:30:00Z', '2024-12-31T23:59:59.999Z']) {
      expect(dailyNoteDate(new Date(instant))).toBe(dailyNoteDate(new Date(instant), zone));
    }
  });

  it('rejects an unknown time zone', () => {
    expect(() => dailyNoteDate(new Date(), 'Mars/Olympus_Mons')).toThrow(RangeError);
  });
});

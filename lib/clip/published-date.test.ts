import { describe, expect, it } from 'vitest';
import { publishedDay, publishedInstant } from './published-date';
import { readingMinutes, WORDS_PER_MINUTE } from './reading-time';

describe('publishedDay', () => {
  it("takes the calendar day an ISO date is written with, whatever its offset (the publisher's day)", () => {
    expect(publishedDay('2017-12-15T08:50:02-05:00')).toBe('2017-12-15T00:00:00.000Z');
    expect(publishedDay('2024-03-05T23:30:00-08:00')).toBe('2024-03-05T00:00:00.000Z');
    expect(publishedDay('2019-01-03T07:00:02.000Z')).toBe('2019-01-03T00:00:00.000Z');
    expect(publishedDay('2019-11-21')).toBe('2019-11-21T00:00:00.000Z');
    expect(publishedDay(' 2019-11-21 10:00 ')).toBe('2019-11-21T00:00:00.000Z');
  });

  it('takes the day written with a month name, in UTC when the text names a zone', () => {
    expect(publishedDay('Wed, 25 Mar 2015 23:30:00 GMT')).toBe('2015-03-25T00:00:00.000Z');
    expect(publishedDay('25 Mar 2015 23:30:00 +0000')).toBe('2015-03-25T00:00:00.000Z');
    expect(publishedDay('March 25, 2015')).toBe('2015-03-25T00:00:00.000Z');
    expect(publishedDay('25 March 2015')).toBe('2015-03-25T00:00:00.000Z');
  });

  it('gives null for text that names no day, impossible days and nothing', () => {
    // `Date` reads all of these as some day.
    expect(publishedDay('Spring 2015')).toBeNull();
    expect(publishedDay('March 2015')).toBeNull();
    expect(publishedDay('2015')).toBeNull();
    expect(publishedDay('Posted 3 days ago')).toBeNull();
    expect(publishedDay('sometime in spring')).toBeNull();
    expect(publishedDay('2024-02-30T10:00:00Z')).toBeNull();
    expect(publishedDay('20240101')).toBeNull();
    expect(publishedDay('')).toBeNull();
    expect(publishedDay(null)).toBeNull();
    expect(publishedDay(undefined)).toBeNull();
  });
});

describe('publishedInstant', () => {
  it('writes the instant in UTC', () => {
    expect(publishedInstant('2017-12-15T08:50:02-05:00')).toBe('2017-12-15T13:50:02.000Z');
    expect(publishedInstant('2019-11-21')).toBe('2019-11-21T00:00:00.000Z');
  });

  it('gives null for text that names no instant', () => {
    expect(publishedInstant('Spring 2015')).toBeNull();
    expect(publishedInstant('sometime in spring')).toBeNull();
    expect(publishedInstant('  ')).toBeNull();
    expect(publishedInstant(null)).toBeNull();
  });
});

describe('readingMinutes', () => {
  it(`rounds up at ${WORDS_PER_MINUTE} words a minute`, () => {
    expect(WORDS_PER_MINUTE).toBe(238);
    expect(readingMinutes(1)).toBe(1);
    expect(readingMinutes(238)).toBe(1);
    expect(readingMinutes(239)).toBe(2);
    expect(readingMinutes(18_094)).toBe(77);
  });

  it('is 0 without words', () => {
    expect(readingMinutes(0)).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { clockDuration, durationSeconds, isoDuration } from './iso-duration';

describe('ISO 8601 durations', () => {
  it.each([
    ['PT1H2M3S', 3_723],
    ['PT90M', 5_400],
    ['P1DT2H', 93_600],
    ['PT0.5S', 0.5],
    ['pt4m', 240],
    ['P1W', 604_800],
  ])('reads %s as %d seconds', (text, seconds) => {
    expect(durationSeconds(text)).toBe(seconds);
  });

  it.each(['P', 'PT', 'P1Y', 'P2M', '1:02:03', '', 'PT1H2'])('refuses %j, which names no fixed length', (text) => {
    expect(durationSeconds(text)).toBeNull();
  });

  it('writes seconds back as ISO 8601 and as a clock', () => {
    expect(isoDuration(3_723)).toBe('PT1H2M3S');
    expect(isoDuration(120)).toBe('PT2M');
    expect(isoDuration(0)).toBe('PT0S');
    expect(isoDuration(-1)).toBeNull();
    expect(clockDuration(3_723)).toBe('1:02:03');
    expect(clockDuration(245)).toBe('4:05');
  });
});

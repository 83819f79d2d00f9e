import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { articleBody } from './article-body';
import { formatCaptureTime } from './capture-time';
import { sourceLine } from './quote';

const capturedAt = new Date('2026-11-24T13:03:59Z');
const source = {
  title: 'New Zealand',
  url: 'https://en.wikipedia.org/wiki/New_Zealand',
  capturedAt,
  timeZone: 'Europe/Berlin',
};

describe('formatCaptureTime', () => {
  it('writes date, 24-hour time and the offset of the zone, in ISO 8601 order', () => {
    expect(formatCaptureTime(capturedAt, 'Europe/Berlin')).toBe('2026-11-24 14:03 UTC+01:00');
    expect(formatCaptureTime(capturedAt, 'America/St_Johns')).toBe('2026-11-24 09:33 UTC-03:30');
    expect(formatCaptureTime(new Date('2026-07-01T23:30:00Z'), 'Asia/Kolkata')).toBe('2026-07-02 05:00 UTC+05:30');
  });

  it('names offset zero UTC, and writes midnight as 00', () => {
    expect(formatCaptureTime(new Date('2026-01-01T00:05:00Z'), 'UTC')).toBe('2026-01-01 00:05 UTC');
    expect(formatCaptureTime(new Date('2026-01-01T00:05:00Z'), 'Europe/London')).toBe('2026-01-01 00:05 UTC');
  });

  it('follows daylight saving time', () => {
    expect(formatCaptureTime(new Date('2026-07-01T12:00:00Z'), 'Europe/Berlin')).toBe('2026-07-01 14:00 UTC+02:00');
  });

  it('does not depend on the locale of the runtime (digits, calendar, hour cycle)', () => {
    const module = path.resolve(__dirname, './capture-time.ts');
    const script = `import { formatCaptureTime } from ${JSON.stringify(module)};
      console.log(new Date(0).toLocaleDateString() + '|' + formatCaptureTime(new Date('2026-11-24T13:03:59Z'), 'Asia/Tokyo'));`;
    for (const locale of ['ar_EG.UTF-8', 'th_TH.UTF-8', 'de_DE.UTF-8', 'en_US.UTF-8']) {
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, LC_ALL: locale, LANG: locale, TZ: 'UTC' },
      }).toString();
      const [localeDate, formatted] = output.trim().split('|');
      expect(formatted, `${locale} (dates there read ${localeDate})`).toBe('2026-11-24 22:03 UTC+09:00');
    }
  });

  it("uses the runtime's own zone when none is given", () => {
    const local = new Date(2026, 4, 6, 7, 8);
    expect(formatCaptureTime(local)).toMatch(/^2026-05-06 07:08 UTC(?:[+-]\d\d:\d\d)?$/);
  });
});

describe('articleBody', () => {
  it('puts the source line and the capture time first, then the article after a blank line', () => {
    expect(articleBody('# Heading\n\nText.', source)).toBe(
      '— [New Zealand](https://en.wikipedia.org/wiki/New_Zealand) · 2026-11-24 14:03 UTC+01:00\n\n# Heading\n\nText.',
    );
  });

  it('writes the source line exactly as a quoted selection ends', () => {
    const title = 'Tom & [Jerry] *live* <b>';
    const url = 'https://example.com/a (b)';
    expect(articleBody('Text.', { ...source, title, url }).split(' · ')[0]).toBe(sourceLine({ title, url }));
  });

  it('keeps a hostile title literal text and the link pointing at the page', () => {
    const body = articleBody('Text.', { ...source, title: '[x](javascript:alert(1)) **bold**' });
    const html = marked.parse(body, { async: false });
    const links = [...html.matchAll(/href="([^"]*)"/g)].map((match) => match[1]);
    expect(links).toEqual([source.url]);
    expect(html).not.toContain('<strong>');
  });

  it('is the header alone for an empty article, and trims the article', () => {
    expect(articleBody('  \n', source)).toBe(
      '— [New Zealand](https://en.wikipedia.org/wiki/New_Zealand) · 2026-11-24 14:03 UTC+01:00',
    );
    expect(articleBody('\n\nText.\n\n', source).endsWith('\n\nText.')).toBe(true);
  });
});

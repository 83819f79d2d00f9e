import { describe, expect, it } from 'vitest';
import { weblinkTitle } from './clip';
import { sameTitle, textFingerprint, weblinkHasUrl } from './reconcile';

describe('textFingerprint', () => {
  it('keeps letters, digits and emoji in order, whatever the Markdown markers and escapes', () => {
    expect(textFingerprint('* **Bold** and \\_snake\\_case\\_ 🎉')).toBe(
      textFingerprint('- __Bold__ and snake_case 🎉'),
    );
    expect(textFingerprint('Café')).toBe(textFingerprint('Cafe\u0301'));
  });

  it('ignores the numbers of numbered lists, which the service renumbers, but not other numbers', () => {
    expect(textFingerprint('3. third\n4. fourth\n> 7) quoted')).toBe(
      textFingerprint('1. third\n2. fourth\n> 1) quoted'),
    );
    expect(textFingerprint('2020\\. A year')).not.toBe(textFingerprint('2021\\. A year'));
  });

  it('ignores link destinations and titles, so a link whose text is its URL matches the bare URL', () => {
    expect(textFingerprint('[https://example.com/a](https://example.com/a)')).toBe(
      textFingerprint('https://example.com/a'),
    );
    expect(textFingerprint('[Docs](https://example.com "The docs")')).toBe(textFingerprint('[Docs](https://other)'));
  });

  it('decodes character references as the service does', () => {
    expect(textFingerprint('Fish &amp; chips &#x263A;')).toBe(textFingerprint('Fish & chips ☺'));
  });

  it('is empty for text with nothing to recognise it by', () => {
    expect(textFingerprint('---\n\n***')).toBe('');
  });
});

describe('titles and URLs', () => {
  it('compares titles without case, surrounding space or Unicode normalisation differences', () => {
    expect(sameTitle(' Café ', 'CAFE\u0301')).toBe(true);
    expect(sameTitle('Reading', 'Readings')).toBe(false);
  });

  it('gives a weblink without a title its URL as title, as the service would', () => {
    expect(weblinkTitle({ title: '  ', url: 'https://example.com/' })).toBe('https://example.com/');
  });

  it('confirms a weblink by its URL property (by id when known, else any URL-typed value), as the same page', () => {
    const object = {
      properties: {
        media_URLReference: { type: 'url' as const, url: { value: 'https://example.com/a/?utm_source=x#top' } },
        source: { type: 'url' as const, url: { value: 'https://other.example/' } },
      },
    };
    expect(weblinkHasUrl(object, 'https://example.com/a', 'media_URLReference')).toBe(true);
    expect(weblinkHasUrl(object, 'https://example.com/a')).toBe(true);
    expect(weblinkHasUrl(object, 'https://other.example/', 'media_URLReference')).toBe(false);
    expect(weblinkHasUrl(object, 'https://example.com/a?b=1')).toBe(false);
  });
});

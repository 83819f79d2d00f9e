import { describe, expect, it } from 'vitest';
import { shapeValues } from './value-shapes';

const BASE = 'https://journal.example/articles/one';

describe('the shape of each page value', () => {
  it('finds a DOI inside the text that carries it, without trailing punctuation', () => {
    expect(shapeValues('doi', 'doi:10.1000/xyz123', BASE)).toEqual(['10.1000/xyz123']);
    expect(shapeValues('doi', 'https://doi.org/10.1000%2Fabc.', BASE)).toEqual(['10.1000/abc']);
    expect(shapeValues('doi', 'urn:ietf:id:dejong-remotestorage', BASE)).toEqual([]);
  });

  it('keeps only ISBNs whose check digit fits', () => {
    expect(shapeValues('isbn', 'ISBN 978-0-13-142901-7', BASE)).toEqual(['9780131429017']);
    expect(shapeValues('isbn', '0-306-40615-2', BASE)).toEqual(['0306406152']);
    expect(shapeValues('isbn', '978-0-13-142901-8', BASE)).toEqual([]);
    expect(shapeValues('isbn', 'ISSN 1950-6244', BASE)).toEqual([]);
  });

  it('finds an ISSN (lemonde-1 writes "ISSN 1950-6244" in DC.identifier)', () => {
    expect(shapeValues('issn', 'ISSN 1950-6244', BASE)).toEqual(['1950-6244']);
  });

  it('makes addresses absolute and refuses other schemes', () => {
    expect(shapeValues('pdfUrl', '/p.pdf', BASE)).toEqual(['https://journal.example/p.pdf']);
    expect(shapeValues('image', 'javascript:alert(1)', BASE)).toEqual([]);
    expect(shapeValues('image', 'data:image/png;base64,AAAA', BASE)).toEqual([]);
  });

  it('splits keywords and several bylines, drops "By" and profile addresses', () => {
    expect(shapeValues('keywords', 'a, b; c', BASE)).toEqual(['a', 'b', 'c']);
    expect(shapeValues('authors', 'By Ada Lovelace; Grace Hopper', BASE)).toEqual(['Ada Lovelace', 'Grace Hopper']);
    expect(shapeValues('authors', 'https://example.com/authors/ada', BASE)).toEqual([]);
    // "Last, First" is one name.
    expect(shapeValues('authors', 'Lovelace, Ada', BASE)).toEqual(['Lovelace, Ada']);
  });

  it('writes Open Graph’s seconds as ISO 8601, and refuses what is no duration', () => {
    expect(shapeValues('duration', '754', BASE)).toEqual(['PT12M34S']);
    expect(shapeValues('duration', 'pt1h', BASE)).toEqual(['PT1H']);
    expect(shapeValues('duration', 'an hour', BASE)).toEqual([]);
  });

  it('decodes entities some pages escape twice, and collapses whitespace', () => {
    expect(shapeValues('title', '  Fish &amp;amp; chips\n  today ', BASE)).toEqual(['Fish &amp; chips today']);
    expect(shapeValues('description', '   ', BASE)).toEqual([]);
  });

  it('keeps a value within the value length, without half a surrogate pair', () => {
    const [long] = shapeValues('description', `${'a'.repeat(4_999)}😀`, BASE);
    expect(long).toBe('a'.repeat(4_999));
  });
});

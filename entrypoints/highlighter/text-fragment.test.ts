import { describe, expect, it } from 'vitest';
import { encodeTerm, textDirective, textFragmentUrl } from './text-fragment';

describe('text fragments', () => {
  it('percent-encodes the characters that delimit a directive: "-", "," and "&"', () => {
    expect(encodeTerm('well-known, tried & true')).toBe('well%2Dknown%2C%20tried%20%26%20true');
  });

  it('quotes a short passage whole, with whole words of context on each side', () => {
    expect(
      textDirective({ text: 'Feed it once a day', before: 'warm water. ', after: ' at room temperature, or' }),
    ).toBe('warm%20water.-,Feed%20it%20once%20a%20day,-at%20room%20temperature%2C');
  });

  it('leaves out a side with no context', () => {
    expect(textDirective({ text: 'Starters', before: '', after: '' })).toBe('Starters');
  });

  it('gives a long passage by its first and last words', () => {
    const text = 'one two three four five six seven eight nine ten eleven twelve';
    expect(textDirective({ text, before: '', after: '' })).toBe(
      'one%20two%20three%20four,nine%20ten%20eleven%20twelve',
    );
  });

  it('keeps the last words long enough not to occur earlier in the passage', () => {
    const text = 'a b c d x y z w then more and more words x y z w';
    expect(textDirective({ text, before: '', after: '' })).toBe('a%20b%20c%20d,words%20x%20y%20z%20w');
  });

  it('takes the terms of a passage over two blocks from its first and its last block', () => {
    expect(textDirective({ text: 'End of one.\nStart of two', before: '', after: '' })).toBe(
      'End%20of%20one.,Start%20of%20two',
    );
  });

  it("adds the directive to the page's address, keeping its own fragment and dropping an earlier directive", () => {
    const passage = { text: 'Feed it', before: '', after: '' };
    expect(textFragmentUrl('https://example.com/a?b=1', passage)).toBe('https://example.com/a?b=1#:~:text=Feed%20it');
    expect(textFragmentUrl('https://example.com/#/route', passage)).toBe(
      'https://example.com/#/route:~:text=Feed%20it',
    );
    expect(textFragmentUrl('https://example.com/#:~:text=old', passage)).toBe('https://example.com/#:~:text=Feed%20it');
  });
});

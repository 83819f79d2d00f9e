import { describe, expect, it } from 'vitest';
import { isWritableTex, texToMarkdown } from './tex-markdown';

describe('isWritableTex', () => {
  it('accepts escaped dollars and refuses math shifts, escaping backslashes and backticks', () => {
    expect(isWritableTex('\\$')).toBe(true);
    expect(isWritableTex('\\\\\\$')).toBe(true);
    expect(isWritableTex('x\\\\')).toBe(true);
    expect(isWritableTex('$')).toBe(false);
    expect(isWritableTex('\\\\$')).toBe(false);
    expect(isWritableTex('x\\')).toBe(false);
    expect(isWritableTex('x\\\\\\')).toBe(false);
    expect(isWritableTex('a`b')).toBe(false);
  });
});

describe('texToMarkdown', () => {
  it('writes inline math on one line and display math between $$ lines', () => {
    expect(texToMarkdown('a +\n  b', false)).toBe('$a + b$');
    expect(texToMarkdown('a\n\n\nb', true)).toBe('\n\n$$\na\nb\n$$\n\n');
  });

  it('writes TeX that cannot be math as escaped text', () => {
    expect(texToMarkdown('a$b [c](d)', false)).toBe('a\\$b \\[c\\]\\(d)');
    expect(texToMarkdown('a`b', true)).toBe('\n\na\\`b\n\n');
  });
});

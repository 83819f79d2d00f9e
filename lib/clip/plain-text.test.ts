import { describe, expect, it } from 'vitest';
import { plainTextToMarkdown } from './plain-text';

describe('plainTextToMarkdown', () => {
  it('keeps paragraphs and the lines within them', () => {
    expect(plainTextToMarkdown('First line\nsecond line\n\nNext paragraph')).toBe(
      'First line\nsecond line\n\nNext paragraph',
    );
  });

  it('normalises line endings and collapses runs of blank lines', () => {
    expect(plainTextToMarkdown('a\r\n\r\n\r\n \r\nb\rc')).toBe('a\n\nb\nc');
  });

  it('escapes text that would turn into Markdown', () => {
    expect(plainTextToMarkdown('# not a heading\n1. not a list\n*not emphasis* <b>not html</b>\n> not a quote')).toBe(
      '\\# not a heading\n1\\. not a list\n\\*not emphasis\\* \\<b>not html\\</b>\n\\> not a quote',
    );
  });

  it('drops leading indentation, which would make an indented code block', () => {
    expect(plainTextToMarkdown('    indented text\n\ttabbed')).toBe('indented text\ntabbed');
  });

  it('leaves non-Latin text untouched', () => {
    expect(plainTextToMarkdown('نیم\u200cفاصله\n\n中文，日本語')).toBe('نیم\u200cفاصله\n\n中文，日本語');
  });

  it('returns an empty string for blank text', () => {
    expect(plainTextToMarkdown(' \n\n\t')).toBe('');
  });
});

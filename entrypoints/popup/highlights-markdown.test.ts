import { describe, expect, it } from 'vitest';
import { highlightsMarkdown } from './highlights-markdown';

const page = { title: 'A page', url: 'https://example.com/a' };

describe('highlightsMarkdown ("Copy as Markdown")', () => {
  it('quotes each highlight in order, its note after it, and names the page last', () => {
    expect(
      highlightsMarkdown(
        [
          { quote: 'First passage.', note: 'Worth a re-read' },
          { quote: 'Second passage.', note: '' },
        ],
        page,
      ),
    ).toBe('> First passage.\n\nWorth a re-read\n\n> Second passage.\n\n— [A page](https://example.com/a)');
  });

  it('keeps a quote over two paragraphs as one blockquote', () => {
    expect(highlightsMarkdown([{ quote: 'One.\n\nTwo.', note: '' }], page)).toBe(
      '> One.\n>\n> Two.\n\n— [A page](https://example.com/a)',
    );
  });

  it('escapes what Markdown would read as syntax, in quotes and notes alike', () => {
    const markdown = highlightsMarkdown(
      [{ quote: '*not bold* and [a](b)', note: '# not a heading\n- not a list' }],
      page,
    );
    expect(markdown).toContain('> \\*not bold\\* and \\[a\\]\\(b)');
    expect(markdown).toContain('\\# not a heading\n\\- not a list');
  });
});

import { marked } from 'marked';
import { describe, expect, it } from 'vitest';
import { quoteWithSource } from './quote';

const source = { title: 'A page', url: 'https://example.com/a' };

function renderedQuote(markdown: string): Element {
  const container = document.createElement('div');
  container.innerHTML = marked.parse(quoteWithSource({ ...source, markdown }), { async: false });
  const quote = container.querySelector('blockquote');
  if (!quote) throw new Error('no blockquote');
  return quote;
}

describe('quoteWithSource', () => {
  it('quotes every line and adds the source after a blank line', () => {
    expect(quoteWithSource({ ...source, markdown: 'First paragraph\n\nSecond  \nline' })).toBe(
      '> First paragraph\n>\n> Second  \n> line\n\n— [A page](https://example.com/a)',
    );
  });

  it('keeps a fenced code block inside the quote one block, blank lines included', () => {
    const quote = renderedQuote('Intro\n\n```js\nconst a = 1;\n\n  return a;\n```');
    expect(quote.querySelector('pre code')?.textContent).toBe('const a = 1;\n\n  return a;\n');
    expect(quote.querySelector('code')?.className).toBe('language-js');
  });

  it('keeps a table inside the quote a table', () => {
    const quote = renderedQuote('| a | b |\n| --- | --- |\n| 1 | 2 |');
    expect([...quote.querySelectorAll('td')].map((cell) => cell.textContent)).toEqual(['1', '2']);
  });

  it('escapes the title and encodes parentheses and spaces in the URL', () => {
    expect(
      quoteWithSource({
        markdown: 'x',
        title: 'A [draft] *title*\n',
        url: 'https://en.wikipedia.org/wiki/Foo_(bar) baz',
      }),
    ).toBe('> x\n\n— [A \\[draft\\] \\*title\\*](https://en.wikipedia.org/wiki/Foo_%28bar%29%20baz)');
  });

  it('uses the URL as the link text when there is no title', () => {
    expect(quoteWithSource({ markdown: 'x', title: ' ', url: 'https://example.com/a' })).toBe(
      '> x\n\n— [https://example.com/a](https://example.com/a)',
    );
  });

  it('writes only the source line for an empty selection', () => {
    expect(quoteWithSource({ ...source, markdown: '\n\n' })).toBe('— [A page](https://example.com/a)');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { htmlToMarkdown } from './markdown';
import { captureSelection, selectionToFragment } from './selection';

function render(html: string): void {
  document.body.innerHTML = html;
}

function textNode(selector: string, index = 0): Text {
  const el = document.querySelector(selector);
  const node = el?.childNodes[index];
  if (node?.nodeType !== 3) throw new Error(`no text node in ${selector}`);
  return node as Text;
}

function rangeOver(start: Node, startOffset: number, end: Node, endOffset: number): Range {
  const range = document.createRange();
  range.setStart(start, startOffset);
  range.setEnd(end, endOffset);
  return range;
}

/** A selection with the given ranges (Firefox allows several; the DOM's Selection here allows one). */
function selectionOf(...ranges: Range[]): Selection {
  return { rangeCount: ranges.length, getRangeAt: (i: number) => ranges[i] } as unknown as Selection;
}

function selectedMarkdown(...ranges: Range[]): string {
  return htmlToMarkdown(selectionToFragment(selectionOf(...ranges)), { baseUrl: 'https://example.com/page' });
}

afterEach(() => {
  window.getSelection()?.removeAllRanges();
  document.body.innerHTML = '';
});

describe('selectionToFragment', () => {
  it('keeps a selection inside a code block as a fenced block with its language', () => {
    render('<pre><code class="language-js">const a = 1;\nconst b = 2;\n</code></pre>');
    const code = textNode('code');
    expect(selectedMarkdown(rangeOver(code, 6, code, 24))).toBe('```js\na = 1;\nconst b = 2\n```');
  });

  it('keeps a selection inside a list item as an item numbered as on the page', () => {
    render('<ol start="3"><li>first</li><li><p>second item</p></li></ol>');
    const text = textNode('li:nth-child(2) p');
    expect(selectedMarkdown(rangeOver(text, 7, text, 11))).toBe('4. item');
  });

  it('keeps a selection across list items as a list', () => {
    render('<ul><li>alpha</li><li>beta</li><li>gamma</li></ul>');
    expect(selectedMarkdown(rangeOver(textNode('li:nth-child(1)'), 2, textNode('li:nth-child(2)'), 4))).toBe(
      '- pha\n- beta',
    );
  });

  it('keeps a selection across the rows of a table as a table', () => {
    render(
      '<table><tbody><tr><td>a1</td><td>b1</td></tr><tr><td>a2</td><td>b2</td></tr><tr><td>a3</td><td>b3</td></tr></tbody></table>',
    );
    const range = rangeOver(
      textNode('tr:nth-child(1) td:nth-child(1)'),
      0,
      textNode('tr:nth-child(2) td:nth-child(2)'),
      2,
    );
    expect(selectedMarkdown(range)).toBe('| a1 | b1 |\n| --- | --- |\n| a2 | b2 |');
  });

  it('merges one-range-per-cell selections (Firefox) of the same table into one table', () => {
    render('<table><tr><td>a1</td><td>b1</td></tr><tr><td>a2</td><td>b2</td></tr></table>');
    const cell = (row: number, column: number) => {
      const range = document.createRange();
      range.selectNode(document.querySelector(`tr:nth-child(${row}) td:nth-child(${column})`) as Element);
      return range;
    };
    expect(selectedMarkdown(cell(2, 2), cell(1, 1), cell(1, 2), cell(2, 1))).toBe(
      '| a1 | b1 |\n| --- | --- |\n| a2 | b2 |',
    );
  });

  it('keeps a selection inside a heading as a heading', () => {
    render('<h2>Installing the tool</h2>');
    const text = textNode('h2');
    expect(selectedMarkdown(rangeOver(text, 0, text, 10))).toBe('## Installing');
  });

  it('keeps the link and emphasis around a selection inside them', () => {
    render('<p>See <a href="/docs"><strong>the full docs</strong></a> now</p>');
    const text = textNode('strong');
    expect(selectedMarkdown(rangeOver(text, 4, text, 13))).toBe('[**full docs**](https://example.com/docs)');
  });

  it('does not add structure for a selection inside a plain paragraph', () => {
    render('<div><p>Just some text here</p></div>');
    const text = textNode('p');
    expect(selectedMarkdown(rangeOver(text, 5, text, 14))).toBe('some text');
  });

  it('writes several ranges in document order as separate paragraphs', () => {
    render('<p>first paragraph</p><p>second paragraph</p>');
    const first = textNode('p:nth-child(1)');
    const second = textNode('p:nth-child(2)');
    expect(selectedMarkdown(rangeOver(second, 0, second, 6), rangeOver(first, 0, first, 5))).toBe('first\n\nsecond');
  });

  it('keeps partially selected blocks at the edges of a range', () => {
    render('<p>one two</p><blockquote><p>three four</p></blockquote>');
    expect(selectedMarkdown(rangeOver(textNode('p'), 4, textNode('blockquote p'), 5))).toBe('two\n\n> three');
  });
});

describe('captureSelection', () => {
  it('returns null when nothing is selected', () => {
    render('<p>text</p>');
    expect(captureSelection(document, window)).toBeNull();
  });

  it('returns the Markdown, the plain text and the word count of the selection', () => {
    render('<p>Read <a href="https://example.org/">the *docs*</a> today</p>');
    const selection = window.getSelection();
    selection?.addRange(rangeOver(textNode('p'), 0, textNode('p', 2), 6));
    expect(captureSelection(document, window)).toEqual({
      markdown: 'Read [the \\*docs\\*](https://example.org/) today',
      text: 'Read the *docs* today',
      wordCount: 4,
    });
  });

  it('counts words in scripts written without spaces', () => {
    render('<p>我喜欢读书</p>');
    window.getSelection()?.addRange(rangeOver(textNode('p'), 0, textNode('p'), 5));
    expect(captureSelection(document, window)?.wordCount).toBeGreaterThan(1);
  });

  it('reads the selection of a focused text field as text', () => {
    render('<textarea># heading\n\nbody</textarea>');
    const field = document.querySelector('textarea') as HTMLTextAreaElement;
    field.focus();
    field.setSelectionRange(0, 15);
    expect(captureSelection(document, window)).toEqual({
      markdown: '\\# heading\n\nbody',
      text: '# heading\n\nbody',
      wordCount: 2,
    });
  });

  it('never reads a password field', () => {
    render('<input type="password" value="hunter2">');
    const field = document.querySelector('input') as HTMLInputElement;
    field.focus();
    field.setSelectionRange(0, 7);
    expect(captureSelection(document, window)).toBeNull();
  });
});

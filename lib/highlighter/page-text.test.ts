import { beforeEach, describe, expect, it } from 'vitest';
import { offsetOf, offsetsOf, rangeOf, readPageText, textRoot } from './page-text';

beforeEach(() => {
  document.body.innerHTML = '';
});

describe('the page text', () => {
  it('reads the text nodes under <body>, without scripts, styles, templates or form defaults', () => {
    document.body.innerHTML =
      '<p>One <b>two</b></p><script>var x = 1;</script><style>p{}</style><noscript>no</noscript>' +
      '<template><p>t</p></template><textarea>draft</textarea><p hidden>hidden counts</p>';
    expect(readPageText(textRoot(document)).text).toBe('One twohidden counts');
  });

  it('collapses each run of white space, within a node and across nodes, to one space, and drops it at the start', () => {
    document.body.innerHTML = '\n  <p>  Alpha \n\t beta </p>\n  <p> gamma</p>  ';
    expect(readPageText(document.body).text).toBe('Alpha beta gamma ');
  });

  it('maps offsets to a Range over the same text and back, across elements', () => {
    document.body.innerHTML = '<p>First   paragraph <a href="/x">with   a link</a>.</p>\n<p>Second one</p>';
    const page = readPageText(document.body);
    const start = page.text.indexOf('paragraph');
    const end = page.text.indexOf('Second') + 'Second'.length;
    const range = rangeOf(page, start, end);
    expect(range.toString().replace(/\s+/g, ' ')).toBe('paragraph with a link. Second');
    expect(offsetsOf(page, range)).toEqual({ start, end });
  });

  it('places an element boundary at the text that follows it', () => {
    document.body.innerHTML = '<p id="a">ab</p><p id="b">cd</p>';
    const page = readPageText(document.body);
    expect(offsetOf(page, document.getElementById('b') as Node, 0)).toBe(2);
    expect(offsetOf(page, document.body, document.body.childNodes.length)).toBe(4);
    expect(offsetOf(page, document.body, 1)).toBe(2);
  });
});

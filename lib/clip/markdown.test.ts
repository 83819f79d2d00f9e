import { describe, expect, it } from 'vitest';
import { fragment, md } from '../../tests/support/clip/html';
import { htmlToMarkdown } from './markdown';

describe('htmlToMarkdown: blocks', () => {
  it('writes ATX headings on one line, escaping a trailing #', () => {
    expect(
      md('<h1>One</h1><h2>Two <em>em</em></h2><h3>Three<br>lines</h3><h4>Issue #</h4><h5> </h5><h6>Six</h6>'),
    ).toBe('# One\n\n## Two *em*\n\n### Three lines\n\n#### Issue \\#\n\n###### Six');
  });

  it('separates paragraphs and divs by one blank line and trims the output', () => {
    expect(md('\n  <p>a</p>\n\n<div>b</div><p>&nbsp;</p><p></p><div><div>c</div></div>  ')).toBe('a\n\nb\n\nc');
  });

  it('writes a horizontal rule as ---', () => {
    expect(md('<p>a</p><hr><p>b</p>')).toBe('a\n\n---\n\nb');
  });

  it('turns <br> into a hard break and two <br> into a paragraph break', () => {
    expect(md('<p>a<br>b</p><p>c<br><br>d</p>')).toBe('a  \nb\n\nc\n\nd');
  });

  it('nests blockquotes, with a bare > on blank lines', () => {
    expect(md('<blockquote><p>a</p><blockquote><p>b</p></blockquote><p>c</p></blockquote>')).toBe(
      '> a\n>\n> > b\n>\n> c',
    );
  });

  it('treats details and summary as blocks', () => {
    expect(md('<details><summary>More</summary>Hidden text</details>')).toBe('More\n\nHidden text');
  });
});

describe('htmlToMarkdown: inline formatting', () => {
  it('uses * for emphasis, ** for strong and ~~ for strikethrough', () => {
    expect(md('<p><em>em</em> <i>i</i> <strong>strong</strong> <b>b</b> <del>del</del> <s>s</s></p>')).toBe(
      '*em* *i* **strong** **b** ~~del~~ ~~s~~',
    );
  });

  it('does not nest the same delimiter or wrap paragraphs in it', () => {
    expect(md('<p><em>a <em>nested</em> b</em></p><b><p>x</p><p>y</p></b>')).toBe('*a nested b*\n\nx\n\ny');
  });

  it('keeps whitespace outside delimiters', () => {
    expect(md('<p>a<em> b </em>c</p>')).toBe('a *b* c');
  });

  it('writes super- and subscripts as Unicode when possible and as text otherwise', () => {
    expect(md('<p>H<sub>2</sub>O x<sup>2</sup> 10<sup>−3</sup> 1<sup>st</sup></p>')).toBe('H₂O x² 10⁻³ 1st');
  });

  it('keeps a footnote reference link inside <sup> as a link, not raw HTML', () => {
    expect(md('<p>fact<sup><a href="#n1">[1]</a></sup></p>')).toBe(
      'fact[\\[1\\]](https://example.com/docs/page.html#n1)',
    );
  });
});

describe('htmlToMarkdown: links and images', () => {
  it('resolves links against the page URL and encodes what would end the destination', () => {
    expect(
      md('<p><a href="/a">root</a> <a href="../up?x=(1)">paren</a> <a href="https://other.org/p q">space</a></p>'),
    ).toBe('[root](https://example.com/a) [paren](https://example.com/up?x=%281%29) [space](https://other.org/p%20q)');
  });

  it('resolves fragment links to the page and keeps mailto links', () => {
    expect(md('<a href="#frag">frag</a> <a href="mailto:a@b.c">mail</a>')).toBe(
      '[frag](https://example.com/docs/page.html#frag) [mail](mailto:a@b.c)',
    );
  });

  it('keeps only the text of javascript:, href-less and empty links', () => {
    expect(md('<p><a href="javascript:alert(1)">js</a> <a name="x">anchor</a> <a href="/e"></a>end</p>')).toBe(
      'js anchor end',
    );
  });

  it('keeps only the text of links to schemes that hand the click to a program, and drops such embeds', () => {
    expect(
      md(
        '<p><a href="whatsapp://send?text=x">Share</a> <a href="ms-msdt:/id PCWDiagnostic">Fix</a> <a href="tel:+123">Call</a> <a href="ftp://example.com/f">File</a><iframe src="zoommtg://join?id=1" title="Meeting"></iframe></p>',
      ),
    ).toBe('Share Fix Call File');
  });

  it('honours <base href> of the input document', () => {
    const doc = document.implementation.createHTMLDocument('');
    const base = doc.createElement('base');
    base.setAttribute('href', 'https://cdn.example.org/assets/');
    doc.head.append(base);
    const link = doc.createElement('a');
    link.setAttribute('href', 'file.html');
    link.textContent = 'file';
    doc.body.append(link);
    expect(htmlToMarkdown(doc.body, { baseUrl: 'https://example.com/page' })).toBe(
      '[file](https://cdn.example.org/assets/file.html)',
    );
  });

  it('flattens block content inside a link so that the link stays one link', () => {
    expect(md('<a href="/story"><h3>Headline</h3>\n\n<p>Summary text</p></a>')).toBe(
      '[Headline Summary text](https://example.com/story)',
    );
  });

  it('writes images with absolute URLs and escaped alt text', () => {
    expect(md('<img src="img/a.png" alt="An *image*\n with [brackets]">')).toBe(
      '![An \\*image\\* with \\[brackets\\]](https://example.com/docs/img/a.png)',
    );
  });

  it('picks lazy-loaded sources over placeholders, and the largest srcset candidate without src', () => {
    expect(
      md(
        '<img src="data:image/gif;base64,R0lGOD" data-src="/real.jpg"><img src="/grey.gif" data-original="//cdn.example.com/o.jpg"><img srcset="s.png 320w, l.png 1024w,m.png 640w">',
      ),
    ).toBe('![](https://example.com/real.jpg)![](https://cdn.example.com/o.jpg)![](https://example.com/docs/l.png)');
  });

  it('drops tracking pixels and images with no usable source', () => {
    expect(
      md(
        '<p>text<img src="/p.gif" width="1" height="1"><img src="/z.gif" style="width: 0px"><img src="data:image/png;base64,AA"><img></p>',
      ),
    ).toBe('text');
  });

  it('drops permalink anchors in headings', () => {
    expect(md('<h2 id="x">Setting up<a class="headerlink" href="#x">¶</a></h2>')).toBe('## Setting up');
    expect(md('<h3><span>Deep <a href="#y">#</a></span></h3>')).toBe('### Deep');
  });

  it('keeps in-page links outside headings, and in-page links with words in headings', () => {
    expect(md('<h2><a href="#x">Setting up</a></h2><p>See <a href="#x">¶</a></p>')).toBe(
      '## [Setting up](https://example.com/docs/page.html#x)\n\nSee [¶](https://example.com/docs/page.html#x)',
    );
  });
});

describe('htmlToMarkdown: lists', () => {
  it('writes nested bullet and ordered lists with - and continuation indentation', () => {
    expect(md('<ul><li>a<ul><li>b<ol><li>c</li><li>d</li></ol></li></ul></li><li>e</li></ul>')).toBe(
      '- a\n  - b\n    1. c\n    2. d\n- e',
    );
  });

  it('numbers ordered lists from their start attribute and indents loose items', () => {
    expect(md('<ol start="9"><li><p>p1</p><p>p2</p></li><li>q</li></ol>')).toBe('9. p1\n\n   p2\n\n10. q');
  });

  it('numbers every item of a long ordered list, and each of several lists from its own start', () => {
    const items = Array.from({ length: 300 }, (_, i) => `<li>note ${i}</li>`).join('');
    const expected = Array.from({ length: 300 }, (_, i) => `${i + 1}. note ${i}`).join('\n');
    expect(md(`<ol>${items}</ol>`)).toBe(expected);
    expect(md('<ol><li>a</li><li>b</li></ol><p>then</p><ol start="5"><li>c</li><li>d</li></ol>')).toBe(
      '1. a\n2. b\n\nthen\n\n5. c\n6. d',
    );
  });

  it('writes task list items from checkboxes', () => {
    expect(md('<ul><li><input type="checkbox"> todo</li><li><input type="checkbox" checked>done</li></ul>')).toBe(
      '- [ ] todo\n- [x] done',
    );
  });
});

describe('htmlToMarkdown: code', () => {
  it('fences <pre><code> with the language of its class and the code text exactly', () => {
    expect(md('<pre><code class="language-ts">const a = 1;\n\n\n  const b = 2;\n</code></pre>')).toBe(
      '```ts\nconst a = 1;\n\n\n  const b = 2;\n```',
    );
  });

  it('fences <pre> without <code>, so that lines starting with * stay code', () => {
    expect(md('<pre>$ hg init\n* star\n  indented</pre>')).toBe('```\n$ hg init\n* star\n  indented\n```');
  });

  it('turns <br> inside code into newlines and flattens highlighting spans', () => {
    expect(md('<pre><code><span class="k">int</span> a;<br><span class="c">// b</span><br/>c</code></pre>')).toBe(
      '```\nint a;\n// b\nc\n```',
    );
  });

  it('puts line-per-div code on separate lines', () => {
    expect(md('<pre><div class="line">a</div><div class="line">b</div></pre>')).toBe('```\na\nb\n```');
  });

  it.each([
    ['<pre class="lang-rust">x</pre>', 'rust'],
    ['<div class="highlight highlight-source-js"><pre>x</pre></div>', 'js'],
    ['<div class="highlight-python"><div class="highlight"><pre>x</pre></div></div>', 'python'],
    ['<pre class="brush: php; gutter: false">x</pre>', 'php'],
    ['<pre><code data-lang="go">x</code></pre>', 'go'],
    ['<div class="language-ruby highlighter-rouge"><pre>x</pre></div>', 'ruby'],
    ['<pre><code class="language-none">x</code></pre>', ''],
  ])('takes the language from %s', (html, language) => {
    expect(md(html)).toBe(`\`\`\`${language}\nx\n\`\`\``);
  });

  it('uses a longer fence when the code contains backticks', () => {
    expect(md('<pre><code>```\nfence\n```</code></pre>')).toBe('````\n```\nfence\n```\n````');
  });

  it('keeps code exact inside list items and blockquotes', () => {
    expect(md('<ul><li>step<pre>a\n\n  b</pre></li></ul><blockquote><pre>c\n\nd</pre></blockquote>')).toBe(
      '- step\n\n  ```\n  a\n\n    b\n  ```\n\n> ```\n> c\n>\n> d\n> ```',
    );
  });

  it('fences inline code with enough backticks and pads when it starts with one', () => {
    expect(md('<p><code>a`b</code> <code>``x``</code> <code>`start</code> <kbd>Ctrl</kbd> <code>*x*</code></p>')).toBe(
      '``a`b`` ` ``x`` ` `` `start `` `Ctrl` `*x*`',
    );
  });

  it('writes code wrapping a single link as a link around the code', () => {
    expect(md('<code><a href="/api/map">Array.map()</a></code>')).toBe('[`Array.map()`](https://example.com/api/map)');
  });
});

describe('htmlToMarkdown: tables', () => {
  it('writes a GFM table with escaped pipes, including inside code', () => {
    expect(
      md(
        '<table><thead><tr><th>a | b</th><th>B</th></tr></thead><tbody><tr><td>x</td><td><code>c|d</code></td></tr></tbody></table>',
      ),
    ).toBe('| a \\| b | B |\n| --- | --- |\n| x | `c\\|d` |');
  });

  it('uses the first row as the header row when the table has none', () => {
    expect(md('<table><tr><td>no</td><td>header</td></tr><tr><td>row</td><td>two</td></tr></table>')).toBe(
      '| no | header |\n| --- | --- |\n| row | two |',
    );
  });

  it('expands colspan and rowspan so every row has the same cells', () => {
    expect(md('<table><tr><th colspan="3">wide</th></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>')).toBe(
      '| wide |  |  |\n| --- | --- | --- |\n| 1 | 2 | 3 |',
    );
    expect(
      md(
        '<table><tr><th>A</th><th>B</th><th>C</th></tr><tr><td rowspan="2">r</td><td colspan="2">c</td></tr><tr><td>x</td><td>y</td></tr></table>',
      ),
    ).toBe('| A | B | C |\n| --- | --- | --- |\n| r | c |  |\n|  | x | y |');
  });

  it('puts the empty cells of a span right after the spanning cell', () => {
    expect(md('<table><tr><th colspan="2">ab</th><th>c</th></tr><tr><td>1</td><td>2</td><td>3</td></tr></table>')).toBe(
      '| ab |  | c |\n| --- | --- | --- |\n| 1 | 2 | 3 |',
    );
  });

  it('pads short rows', () => {
    expect(md('<table><tr><th>A</th><th>B</th></tr><tr><td>1</td></tr></table>')).toBe(
      '| A | B |\n| --- | --- |\n| 1 |  |',
    );
  });

  it('joins block content inside a cell with <br> and moves the caption out', () => {
    expect(
      md(
        '<table><caption>Cap</caption><tr><th>A</th><th>B</th></tr><tr><td><p>one</p><p>two</p></td><td><ul><li>x</li><li>y</li></ul></td></tr></table>',
      ),
    ).toBe('Cap\n\n| A | B |\n| --- | --- |\n| one<br>two | - x<br>- y |');
  });

  it('keeps column alignment', () => {
    expect(
      md(
        '<table><tr><th align="right">n</th><th style="text-align: center">c</th></tr><tr><td>1</td><td>2</td></tr></table>',
      ),
    ).toBe('| n | c |\n| --: | :-: |\n| 1 | 2 |');
  });

  it('writes layout tables (single row, nested tables, code) as blocks, inner data tables as tables', () => {
    expect(md('<table><tr><td>left</td><td>right</td></tr></table>')).toBe('left\n\nright');
    expect(
      md(
        '<table><tr><td><table><tr><th>in</th></tr><tr><td>ner</td></tr></table></td></tr><tr><td>outer</td></tr></table>',
      ),
    ).toBe('| in |\n| --- |\n| ner |\n\nouter');
    expect(
      md('<table><tr><td><pre>1\n2</pre></td><td><pre>a\nb</pre></td></tr><tr><td></td><td>x</td></tr></table>'),
    ).toBe('```\n1\n2\n```\n\n```\na\nb\n```\n\nx');
  });

  it('drops spacer tables without text or images', () => {
    expect(md('<p>a</p><table><tr><td>&nbsp;</td></tr><tr><td></td></tr></table><p>b</p>')).toBe('a\n\nb');
  });
});

describe('htmlToMarkdown: math', () => {
  it('writes MathML with a TeX annotation as inline $…$ and display math as $$…$$', () => {
    expect(
      md(
        '<p>so <math><semantics><mi>x</mi><annotation encoding="application/x-tex">x^2</annotation></semantics></math> and</p><math display="block"><semantics><mi>y</mi><annotation encoding="application/x-tex">\\frac{a}{b}</annotation></semantics></math>',
      ),
    ).toBe('so $x^2$ and\n\n$$\n\\frac{a}{b}\n$$');
  });

  it('takes KaTeX formulas from their annotation and drops the KaTeX HTML', () => {
    const katex = (tex: string) =>
      `<span class="katex"><span class="katex-mathml"><math><semantics><mrow><mi>g</mi></mrow><annotation encoding="application/x-tex">${tex}</annotation></semantics></math></span><span class="katex-html" aria-hidden="true"><span class="mord">g</span></span></span>`;
    expect(md(`<p>If ${katex('g')} then</p><span class="katex-display">${katex('C_G(g)')}</span>`)).toBe(
      'If $g$ then\n\n$$\nC_G(g)\n$$',
    );
  });

  it('takes MathJax 2 formulas from their script and drops the rendering', () => {
    expect(
      md(
        '<p>a <span class="MathJax_Preview"></span><span class="MathJax" role="presentation"><span>α</span></span><script type="math/tex">\\alpha</script> b</p><div class="MathJax_Display"><span class="MathJax">Σ</span></div><script type="math/tex; mode=display">\\sum_i i</script>',
      ),
    ).toBe('a $\\alpha$ b\n\n$$\n\\sum_i i\n$$');
  });

  it('rebuilds TeX from MathJax 3 assistive MathML when there is no annotation', () => {
    expect(
      md(
        '<p>When <mjx-container class="MathJax" jax="CHTML"><mjx-math aria-hidden="true"><mjx-mi><mjx-c></mjx-c></mjx-mi></mjx-math><mjx-assistive-mml><math><mi>a</mi><mo>≠</mo><msup><mi>x</mi><mn>2</mn></msup><mfrac><mn>1</mn><msqrt><mi>n</mi></msqrt></mfrac></math></mjx-assistive-mml></mjx-container>, there</p>',
      ),
    ).toBe('When $a≠x^{2}\\frac{1}{\\sqrt{n}}$, there');
  });

  it('rebuilds TeX from MathJax 3 CHTML without assistive MathML', () => {
    expect(
      md(
        '<mjx-container class="MathJax" jax="CHTML" display="true"><mjx-math display="true"><mjx-mi><mjx-c class="mjx-c1D467">𝑧</mjx-c></mjx-mi><mjx-mo><mjx-c>=</mjx-c></mjx-mo><mjx-mfrac><mjx-frac type="d"><mjx-num><mjx-nstrut></mjx-nstrut><mjx-mn><mjx-c>1</mjx-c></mjx-mn></mjx-num><mjx-dbox><mjx-dtable><mjx-line></mjx-line><mjx-row><mjx-den><mjx-dstrut></mjx-dstrut><mjx-mi><mjx-c>𝑛</mjx-c></mjx-mi></mjx-den></mjx-row></mjx-dtable></mjx-dbox></mjx-frac></mjx-mfrac><mjx-munderover><mjx-over><mjx-mi><mjx-c>𝑛</mjx-c></mjx-mi></mjx-over><mjx-box><mjx-munder><mjx-row><mjx-base><mjx-mrow><mjx-mo><mjx-c>∑</mjx-c></mjx-mo></mjx-mrow></mjx-base></mjx-row><mjx-row><mjx-under><mjx-mi><mjx-c>𝑖</mjx-c></mjx-mi></mjx-under></mjx-row></mjx-munder></mjx-box></mjx-munderover><mjx-msubsup><mjx-mi><mjx-c>𝜎</mjx-c></mjx-mi><mjx-script><mjx-mn><mjx-c>2</mjx-c></mjx-mn><mjx-spacer></mjx-spacer><mjx-mi><mjx-c>𝑖</mjx-c></mjx-mi></mjx-script></mjx-msubsup></mjx-math></mjx-container><mjx-container><mjx-lazy></mjx-lazy></mjx-container>',
      ),
    ).toBe('$$\nz=\\frac{1}{n}∑_{i}^{n}σ_{i}^{2}\n$$');
  });

  it('keeps Wikipedia MathML hidden beside its fallback image, and drops the image', () => {
    expect(
      md(
        '<p>form <span class="mwe-math-element"><span class="mwe-math-mathml-inline" style="display: none;"><math alttext="ax^{2}"><semantics><mi>a</mi><annotation encoding="application/x-tex">ax^{2}</annotation></semantics></math></span><img class="mwe-math-fallback-image-inline" src="https://example.com/m.svg" alt="ax^{2}"></span>, the</p>',
      ),
    ).toBe('form $ax^{2}$, the');
  });

  it('takes Temml formulas from data-entry', () => {
    expect(
      md(
        '<p>root: <span class="hurmet-tex" data-entry="\\sqrt[3]{8}"><math><mroot><mn>8</mn><mn>3</mn></mroot></math></span></p>',
      ),
    ).toBe('root: $\\sqrt[3]{8}$');
  });

  it('writes < before a letter in TeX as \\lt, so that unrendered math cannot open an HTML tag', () => {
    expect(
      md(
        '<math><semantics><mi>a</mi><annotation encoding="application/x-tex">a&lt;b, c &lt; d, x&lt;img src=x onerror=alert(1)&gt;</annotation></semantics></math>',
      ),
    ).toBe('$a\\lt b, c < d, x\\lt img src=x onerror=alert(1)>$');
  });

  it('writes display math inline inside a table cell', () => {
    expect(md('<table><tr><th>f</th></tr><tr><td><math display="block"><mi>x</mi></math></td></tr></table>')).toBe(
      '| f |\n| --- |\n| $x$ |',
    );
  });
});

describe('htmlToMarkdown: text', () => {
  it('leaves right-to-left text and ZWNJ untouched', () => {
    const persian = 'این یک متن فارسی با نیم\u200cفاصله است';
    expect(md(`<p dir="rtl">${persian}</p>`)).toBe(persian);
  });

  it('leaves CJK text and full-width punctuation untouched', () => {
    expect(md('<p>中文：你好，世界。</p><p>日本語の「テキスト」です。</p><p>한국어 텍스트</p>')).toBe(
      '中文：你好，世界。\n\n日本語の「テキスト」です。\n\n한국어 텍스트',
    );
  });

  it.each([
    ['# not a heading', '\\# not a heading'],
    ['### nor this', '\\### nor this'],
    ['1. not a list', '1\\. not a list'],
    ['2) nor this', '2\\) nor this'],
    ['- nor this', '\\- nor this'],
    ['+ nor this', '\\+ nor this'],
    ['&gt; not a quote', '\\> not a quote'],
    ['===', '\\==='],
    ['---', '\\---'],
    ['*not emphasis*', '\\*not emphasis\\*'],
    ['_not emphasis_ but snake_case_name', '\\_not emphasis\\_ but snake_case_name'],
    ['[not](a link)', '\\[not\\]\\(a link)'],
    ['![nor](an image)', '\\!\\[nor\\]\\(an image)'],
    ['&lt;b&gt;not html&lt;/b&gt;', '&lt;b>not html\\</b>'],
    ['&lt;https://autolink.example&gt;', '&lt;https://autolink.example>'],
    ['&amp;amp; is an entity', '\\&amp; is an entity'],
    ['`not code`', '\\`not code\\`'],
    ['C:\\path', 'C:\\\\path'],
    ['~~not struck~~ ~1 but ~~~ fine', '\\~\\~not struck\\~\\~ \\~1 but ~~~ fine'],
    ['$x$ is not math but $5 is money', '\\$x$ is not math but $5 is money'],
    ['a < b, 42 > 1, 1.5, A-B, +1, AT&T', 'a < b, 42 > 1, 1.5, A-B, +1, AT&T'],
  ])('escapes text %j so that it stays text', (text, expected) => {
    expect(md(`<p>${text}</p>`)).toBe(expected);
  });

  it('does not escape inside code', () => {
    expect(md('<p><code># *a* [b](c) &lt;d&gt;</code></p><pre>* e _f_</pre>')).toBe(
      '`# *a* [b](c) <d>`\n\n```\n* e _f_\n```',
    );
  });

  it('collapses runs of blank lines outside code but keeps them inside code', () => {
    expect(md('<p>a</p><br><br><br><div>&nbsp;</div><br><p>b</p><pre>c\n\n\n\nd</pre>')).toBe(
      'a\n\nb\n\n```\nc\n\n\n\nd\n```',
    );
  });
});

describe('htmlToMarkdown: dropped content', () => {
  it('drops scripts, styles, templates, SVG, canvas and form controls', () => {
    expect(
      md(
        '<p>visible</p><script>var secret</script><style>p{}</style><noscript>enable js</noscript><template><p>tpl</p></template><svg><text>svg text</text></svg><canvas>cv</canvas><form><label>Name <input value="v"></label><select><option>opt</option></select><textarea>ta</textarea><button>Send</button></form>',
      ),
    ).toBe('visible\n\nName');
  });

  it('keeps a button that is all of a heading or paragraph (an accordion) as its text', () => {
    expect(
      md(
        '<h3><button aria-expanded="false"><span>How is it fed?</span><svg><path/></svg></button></h3><p>Daily.</p><p> <button>Read the whole answer</button> </p>',
      ),
    ).toBe('### How is it fed?\n\nDaily.\n\nRead the whole answer');
  });

  it('drops buttons beside other text or outside headings and paragraphs, and hidden ones', () => {
    expect(
      md(
        '<h2>Install <button>Copy link</button></h2><p>Text <button>Share</button></p><div><button>Menu</button></div><li><button>Like</button></li><h3><button hidden>Secret</button></h3>',
      ),
    ).toBe('## Install\n\nText');
  });

  it('drops hidden elements but not custom properties that mention display: none', () => {
    expect(
      md(
        '<div hidden>h1</div><div aria-hidden="true">h2</div><div style="color: red; DISPLAY : none !important">h3</div><div style="visibility:hidden">h4</div><div style="--footer-display: none">shown</div><div hidden="until-found">collapsed</div>',
      ),
    ).toBe('shown\n\ncollapsed');
  });

  it('replaces iframes and media with a link to their source, or drops them', () => {
    expect(
      md(
        '<iframe src="https://www.youtube.com/embed/x" title="A video"></iframe><iframe></iframe><video><source src="/clip.mp4"></video>',
      ),
    ).toBe('[A video](https://www.youtube.com/embed/x)[example.com](https://example.com/clip.mp4)');
  });

  it('never writes event handlers or other raw HTML', () => {
    const out = md(
      '<p onclick="alert(1)">click <img src="/a.png" onerror="alert(2)" alt="x"> <a href="/b" onmouseover="alert(3)">b</a></p><body onload="alert(4)"><custom-el data-x="1">c</custom-el>',
    );
    expect(out).toBe('click ![x](https://example.com/a.png) [b](https://example.com/b)\n\nc');
    expect(out).not.toMatch(/alert|on\w+=/);
  });

  it('does not modify its input', () => {
    const input = fragment('<p hidden>x</p><a href="/a">a</a><pre><code>y</code></pre>');
    const before = [...input.childNodes].map((node) => (node as Element).outerHTML).join('');
    htmlToMarkdown(input, { baseUrl: 'https://example.com/' });
    expect([...input.childNodes].map((node) => (node as Element).outerHTML).join('')).toBe(before);
  });

  it('converts the input element itself, not only its children', () => {
    const pre = fragment('<pre class="language-sh">ls</pre>').firstElementChild as Element;
    expect(htmlToMarkdown(pre, { baseUrl: 'https://example.com/' })).toBe('```sh\nls\n```');
  });
});

import { afterEach, describe, expect, it } from 'vitest';
import { articleCaptureSchema } from '../../entrypoints/background/article-capture-schema';
import { parsePage } from '../../tests/support/clip/corpus';
import { PAGE_URL, PROSE } from '../../tests/support/clip/story';
import { type ArticleCapture, extractArticle, readArticle } from './article';

/** A page in the test's live document, with a stylesheet, at PAGE_URL's path. */
function livePage(css: string, body: string, head = ''): Document {
  document.head.innerHTML = `<title>Story</title>${head}`;
  const style = document.createElement('style');
  style.textContent = css;
  document.head.append(style);
  document.body.innerHTML = body;
  return document;
}

function article(capture: ArticleCapture): Extract<ArticleCapture, { kind: 'article' }> {
  if (capture.kind !== 'article') throw new Error(`no article: ${capture.kind}`);
  return capture;
}

afterEach(() => {
  document.head.innerHTML = '';
  document.body.innerHTML = '';
  document.documentElement.removeAttribute('lang');
});

describe('extractArticle', () => {
  it('converts the article, not the navigation and footer around it', () => {
    const capture = article(
      extractArticle(
        parsePage(
          `<html><head><title>Story</title></head><body><nav><a href="/">Home</a> <a href="/world">World</a></nav><article><h1>Story</h1>${PROSE}</article><footer>© Example News, all rights reserved</footer></body></html>`,
          PAGE_URL,
        ),
      ),
    );
    expect(capture.markdown).toMatch(/^Paragraph 1 of the story/);
    expect(capture.markdown).toContain('Paragraph 6 of the story');
    expect(capture.markdown).not.toMatch(/Home|World|rights reserved/);
  });

  it('writes images and links with absolute URLs, resolved against the page and its <base>', () => {
    const page = (head: string) =>
      parsePage(
        `<html><head><title>Story</title>${head}</head><body><article>${PROSE}<p>See <a href="../about.html">about us</a> and the map.</p><figure><img src="img/map.png" alt="Map"></figure><p><img data-src="/lazy/real.jpg" src="data:image/gif;base64,R0lGOD" alt="Lazy"></p>${PROSE}</article></body></html>`,
        PAGE_URL,
      );
    const plain = article(extractArticle(page(''))).markdown;
    expect(plain).toContain('[about us](https://news.example.com/about.html)');
    expect(plain).toContain('![Map](https://news.example.com/2024/img/map.png)');
    expect(plain).toContain('![Lazy](https://news.example.com/lazy/real.jpg)');
    const based = article(extractArticle(page('<base href="https://cdn.example.net/assets/">'))).markdown;
    expect(based).toContain('![Map](https://cdn.example.net/assets/img/map.png)');
  });

  it('says so when the page has no article', () => {
    expect(extractArticle(parsePage('<html><body></body></html>', PAGE_URL))).toEqual({ kind: 'no-article' });
    expect(
      extractArticle(
        parsePage('<html><body><form><button>Sign in</button><input name="q"></form></body></html>', PAGE_URL),
      ),
    ).toEqual({ kind: 'no-article' });
  });

  it('answers with the estimated size instead of an article whose Markdown passes the clip limit', () => {
    const paragraph = `<p>${'word '.repeat(200)}</p>`;
    const capture = extractArticle(
      parsePage(`<html><body><article>${paragraph.repeat(5_200)}</article></body></html>`, PAGE_URL),
    );
    expect(capture.kind).toBe('too-large');
    expect(capture.kind === 'too-large' && capture.oversizedBytes).toBeGreaterThan(5_000_000);
    expect(articleCaptureSchema.safeParse(capture).success).toBe(true);
  }, 60_000);

  it('counts the Markdown in UTF-16 code units, as the request limit does, and the words as read', () => {
    const capture = article(
      extractArticle(
        parsePage(`<html><body><article>${PROSE}<p>日本語の文章です。 😀 end</p></article></body></html>`, PAGE_URL),
      ),
    );
    expect(capture.characters).toBe(capture.markdown.length);
    // 6 paragraphs of 32 words, then Japanese words found by the segmenter, then "end".
    expect(capture.words).toBeGreaterThan(6 * 32 + 1);
    expect(capture.words).toBeLessThan(6 * 32 + 10);
  });

  it('reports what Readability found: title, byline, site, date, excerpt, language, direction', () => {
    const capture = article(
      extractArticle(
        parsePage(
          `<html lang="de-AT"><head><title>Die Geschichte der neuen Stadtbibliothek | Example News</title><meta property="og:site_name" content="Example News"><meta name="description" content="Worum es geht."><meta property="article:published_time" content="2024-03-05T23:30:00+01:00"><meta name="author" content="Anna  Berger"></head><body><article dir="rtl">${PROSE}</article></body></html>`,
          PAGE_URL,
        ),
      ),
    );
    expect(capture.findings).toEqual({
      title: 'Die Geschichte der neuen Stadtbibliothek',
      byline: 'Anna Berger',
      siteName: 'Example News',
      publishedTime: '2024-03-05T23:30:00+01:00',
      excerpt: 'Worum es geht.',
      language: 'de-AT',
      direction: 'rtl',
    });
  });

  it('gives null findings where the page says nothing, and keeps an ideographic space in a title', () => {
    const capture = article(
      extractArticle(
        parsePage(`<html><head><title>欲張りなイヌ　＜童話＞</title></head><body>${PROSE}</body></html>`, PAGE_URL),
      ),
    );
    expect(capture.findings).toMatchObject({
      title: '欲張りなイヌ　＜童話＞',
      byline: null,
      siteName: null,
      publishedTime: null,
      language: null,
      direction: null,
    });
  });

  it('keeps every finding within the capture limits the background checks', () => {
    const long = 'word '.repeat(2_000);
    const capture = article(
      extractArticle(
        parsePage(
          `<html lang="${'x'.repeat(300)}"><head><title>${long}</title><meta name="author" content="${long}${long}"><meta name="description" content="${long}${long}"></head><body>${PROSE}</body></html>`,
          PAGE_URL,
        ),
      ),
    );
    expect(articleCaptureSchema.safeParse(capture).success).toBe(true);
    expect(capture.findings.language).toHaveLength(200);
    expect(capture.findings.excerpt).toHaveLength(5_000);
  });
});

describe('extractArticle on the live page', () => {
  it('leaves out what the page hides with its stylesheets, inline styles or attributes', () => {
    const doc = livePage(
      '.sr-promo { display: none } #ghost { visibility: hidden }',
      `<article>${PROSE}<p class="sr-promo">Subscribe now, hidden promotion text.</p><p>Visible <span id="ghost">ghostly</span> ending.</p><div style="display:none">Inline hidden text.</div><p hidden>Attribute hidden text.</p><p aria-hidden="true">Decorative hidden text.</p></article>`,
    );
    const { markdown } = article(extractArticle(doc));
    expect(markdown).toContain('Visible ending.');
    expect(markdown).not.toMatch(/Subscribe|ghostly|Inline hidden|Attribute hidden|Decorative hidden/);
  });

  it('does not take a block the page hides for the article', () => {
    const hiddenStory = PROSE.replaceAll('the story', 'the hidden draft').repeat(4);
    const doc = livePage(
      '.draft { display: none }',
      `<main><div class="draft">${hiddenStory}</div><section><div>${PROSE}</div></section></main>`,
    );
    const { markdown } = article(extractArticle(doc));
    expect(markdown).toContain('Paragraph 1 of the story');
    expect(markdown).not.toContain('hidden draft');
  });

  it('keeps collapsed text that find-in-page reveals, like the converter', () => {
    const doc = livePage(
      '',
      `<article>${PROSE}<div hidden="until-found"><p>Collapsed answer text.</p></div></article>`,
    );
    expect(article(extractArticle(doc)).markdown).toContain('Collapsed answer text.');
  });

  it('never changes the page: no marks, no removed or rewritten nodes', () => {
    const doc = livePage(
      '.x { display: none }',
      `<article><h3><button>Question?</button></h3><p class="x">hidden</p>${PROSE}<p><a href="javascript:alert(1)">bad link</a> <math><mi>x</mi></math></p></article>`,
    );
    const before = doc.documentElement.outerHTML;
    extractArticle(doc);
    expect(doc.documentElement.outerHTML).toBe(before);
  });

  it('keeps an accordion question that is a button inside a heading, and no other button text', () => {
    const doc = livePage(
      '',
      `<article>${PROSE}<h3><button aria-expanded="false">How do refunds work?</button></h3><p>Refunds arrive within a week of the request, on the card used to pay. <button>Copy link</button></p>${PROSE}</article>`,
    );
    const { markdown } = article(extractArticle(doc));
    expect(markdown).toContain('### How do refunds work?');
    expect(markdown).not.toContain('Copy link');
  });

  it('keeps formulas, inline ones inside their sentence, including MathML the page hides beside its image', () => {
    const doc = livePage(
      '.mathml { display: none }',
      `<article>${PROSE}<div>The area is <span class="mwe-math-element"><span class="mathml"><math alttext="\\pi r^2"><mi>π</mi><msup><mi>r</mi><mn>2</mn></msup></math></span><img class="mwe-math-fallback-image-inline" aria-hidden="true" src="https://example.com/m.svg" alt="\\pi r^2"></span> for a circle, and <script type="math/tex">e^{i\\pi}</script> is famous.</div>${PROSE}</article>`,
    );
    const { markdown } = article(extractArticle(doc));
    expect(markdown).toContain('The area is $\\pi r^2$ for a circle, and $e^{i\\pi}$ is famous.');
    expect(markdown).not.toContain('m.svg');
  });

  it('drops links that would run code and keeps their text', () => {
    const doc = livePage(
      '',
      `<article>${PROSE}<p>Click <a href="javascript:alert(document.cookie)">here</a> now.</p></article>`,
    );
    const { markdown } = article(extractArticle(doc));
    expect(markdown).toContain('Click here now.');
    expect(markdown).not.toMatch(/javascript:/i);
  });

  it('keeps the blank lines of a code block written with <br>, which Readability would make paragraphs', () => {
    const doc = livePage(
      '',
      `<article>${PROSE}<pre><code>int a;<br><br>int b;<br>return a;</code></pre>${PROSE}</article>`,
    );
    expect(article(extractArticle(doc)).markdown).toContain('```\nint a;\n\nint b;\nreturn a;\n```');
  });

  it('keeps code blocks verbatim, with the language the page announces', () => {
    const doc = livePage(
      '',
      `<article>${PROSE}<pre class="highlight"><code class="language-python">def f(x):\n    return x * 2  # *not* emphasis\n</code></pre>${PROSE}</article>`,
    );
    expect(article(extractArticle(doc)).markdown).toContain(
      '```python\ndef f(x):\n    return x * 2  # *not* emphasis\n```',
    );
  });
});

describe('readArticle', () => {
  it('returns the article element of its own inert copy, with classes kept for the converter', () => {
    const doc = parsePage(
      `<html><body><article>${PROSE}<pre class="language-js">x</pre></article></body></html>`,
      PAGE_URL,
    );
    const found = readArticle(doc);
    expect(found?.content.ownerDocument).not.toBe(doc);
    expect(found?.content.querySelector('pre')?.getAttribute('class')).toBe('language-js');
  });
});

import { describe, expect, it } from 'vitest';
import { readCorpusPage, readFixture, valuesOf } from '../../tests/support/capture-pages';
import { parsePage } from '../../tests/support/clip/corpus';
import { readPage } from './read-page';

const PAPER_URL = 'https://journal.example/articles/analytical-engine';

function page(head: string, body = '', url = 'https://example.com/a/page') {
  return readPage(parsePage(`<!doctype html><html><head>${head}</head><body>${body}</body></html>`, url), url);
}

function jsonLd(json: string, url?: string) {
  return page(`<script type="application/ld+json">${json}</script>`, '', url);
}

describe('citation meta (Highwire / Google Scholar)', () => {
  const reading = readFixture('paper', PAPER_URL);

  it('reads every author, in page order, as the page writes them', () => {
    expect(valuesOf(reading, 'authors')).toEqual(['Lovelace, Ada', 'Hopper, Grace', 'Babbage, Charles']);
    expect(reading.values.authors?.every(({ from }) => from === 'meta:citation_author')).toBe(true);
  });

  it('reads the journal, volume, issue, pages, DOI, publisher and ISSN', () => {
    expect(valuesOf(reading, 'journal')).toEqual(['Journal of Computing History']);
    expect(valuesOf(reading, 'volume')).toEqual(['12']);
    expect(valuesOf(reading, 'issue')).toEqual(['3']);
    expect(valuesOf(reading, 'pages')).toEqual(['101–118']);
    expect(valuesOf(reading, 'doi')).toEqual(['10.5555/jch.2021.0012']);
    expect(valuesOf(reading, 'publisher')).toEqual(['Society for Computing History']);
    expect(valuesOf(reading, 'issn')).toEqual(['1234-5679']);
  });

  it('makes the PDF address absolute', () => {
    expect(reading.values.pdfUrl).toEqual([
      { value: 'https://journal.example/papers/analytical-engine.pdf', from: 'meta:citation_pdf_url' },
    ]);
  });

  it('reads the publication date before the online date, with hyphens for Highwire’s slashes', () => {
    expect(reading.values.published).toEqual([
      { value: '2021-03-15', from: 'meta:citation_publication_date' },
      { value: '2021-02-01', from: 'meta:citation_online_date' },
    ]);
  });

  it('prefers the citation title, and splits keywords given with semicolons', () => {
    expect(reading.values.title?.[0]).toEqual({ value: 'Notes on the Analytical Engine', from: 'meta:citation_title' });
    expect(valuesOf(reading, 'keywords')).toEqual(['analytical engine', 'history of computing', 'algorithms']);
  });
});

describe('JSON-LD', () => {
  it('follows @graph, skips the site’s own nodes, and resolves an author given by @id', () => {
    const reading = readFixture('recipe', 'https://kitchen.example/recipes/lentil-soup/');
    expect(reading.types).toEqual(['WebSite', 'WebPage', 'Person', 'Recipe']);
    expect(reading.values.authors).toEqual([{ value: 'Ada Baker', from: 'json-ld:Recipe.author' }]);
    expect(valuesOf(reading, 'keywords')).toEqual(['lentils', 'soup', 'vegetarian']);
    expect(valuesOf(reading, 'ingredients')).toHaveLength(5);
  });

  it('reads recipe instructions from steps and sections, a section’s name first', () => {
    const reading = readFixture('recipe', 'https://kitchen.example/recipes/lentil-soup/');
    expect(valuesOf(reading, 'instructions')).toEqual([
      'Soup:',
      'Soften the onion in oil with the cumin.',
      'Add the lentils and the stock; simmer for 25 minutes.',
      'Blend, season and finish with lemon juice.',
    ]);
  });

  it('reads strings, lists of instructions and @type lists', () => {
    const reading = jsonLd(
      JSON.stringify({
        '@type': ['Recipe', 'CreativeWork'],
        name: 'Toast',
        recipeInstructions: 'Toast the bread.',
        author: ['Grace Hopper', { '@type': 'Organization', name: 'Kitchen Co' }],
        keywords: ['bread', 'breakfast'],
        about: [{ '@type': 'Thing', name: 'Bread' }, 'Mornings'],
        duration: 'PT5M',
      }),
    );
    expect(reading.types).toEqual(['Recipe', 'CreativeWork']);
    expect(valuesOf(reading, 'instructions')).toEqual(['Toast the bread.']);
    expect(valuesOf(reading, 'authors')).toEqual(['Grace Hopper', 'Kitchen Co']);
    expect(valuesOf(reading, 'keywords')).toEqual(['bread', 'breakfast']);
    expect(valuesOf(reading, 'about')).toEqual(['Bread', 'Mornings']);
    expect(valuesOf(reading, 'duration')).toEqual(['PT5M']);
  });

  it('reads a journal article’s issue, volume and journal from its isPartOf chain', () => {
    const reading = jsonLd(
      JSON.stringify({
        '@type': 'ScholarlyArticle',
        headline: 'On engines',
        isPartOf: {
          '@type': 'PublicationIssue',
          issueNumber: '4',
          isPartOf: {
            '@type': 'PublicationVolume',
            volumeNumber: 7,
            isPartOf: { '@type': 'Periodical', name: 'Engine Letters', issn: '2049-3630' },
          },
        },
        identifier: 'https://doi.org/10.1234/el.7.4',
        pageStart: '3',
        pageEnd: '9',
      }),
    );
    expect(valuesOf(reading, 'journal')).toEqual(['Engine Letters']);
    expect(valuesOf(reading, 'volume')).toEqual(['7']);
    expect(valuesOf(reading, 'issue')).toEqual(['4']);
    expect(valuesOf(reading, 'issn')).toEqual(['2049-3630']);
    expect(valuesOf(reading, 'doi')).toEqual(['10.1234/el.7.4']);
    expect(valuesOf(reading, 'pages')).toEqual(['3–9']);
  });

  it('reads a book’s ISBN (checked), author, publisher and cover address', () => {
    const reading = readFixture('book', 'https://books.example/taoup');
    expect(reading.types).toEqual(['Book']);
    expect(valuesOf(reading, 'isbn')).toEqual(['9780131429017']);
    expect(valuesOf(reading, 'authors')).toEqual(['Eric S. Raymond']);
    expect(valuesOf(reading, 'publisher')).toEqual(['Addison-Wesley']);
    // An image object is read for its address, not its name.
    expect(valuesOf(reading, 'image')).toEqual(['https://books.example/covers/taoup.jpg']);
  });

  it('ignores broken JSON-LD and reads the rest of the page', () => {
    const reading = readFixture('broken-json-ld', 'https://news.example/a');
    expect(reading.types).toEqual(['NewsArticle']);
    expect(reading.values.authors?.[0]).toEqual({ value: 'Grace Hopper', from: 'json-ld:NewsArticle.author' });
    expect(valuesOf(reading, 'authors')).toContain('Meta Author');
    expect(valuesOf(reading, 'published')).toEqual(['2024-05-06']);
  });

  it('never runs what a JSON-LD script holds', () => {
    const marker = globalThis as { capturedRan?: boolean };
    page('<script type="application/ld+json">globalThis.capturedRan = true</script>');
    page(
      '<script type="application/ld+json">{"@type":"Thing","name":"x","toString":"globalThis.capturedRan=true"}</script>',
    );
    expect(marker.capturedRan).toBeUndefined();
  });

  it('reads a page of 500 nodes whole: the article after 499 products is found', () => {
    const reading = readFixture('many-nodes', 'https://shop.example/catalogue');
    expect(reading.types).toEqual(['Product', 'Article']);
    expect(reading.values.authors).toEqual([{ value: 'Grace Hopper', from: 'json-ld:Article.author' }]);
    expect(valuesOf(reading, 'keywords')).toEqual(['catalogues', 'structured data']);
  });

  it('reads no more than 2,000 nodes of a page that has more, without failing', () => {
    const nodes = Array.from({ length: 5_000 }, (_, index) => ({ '@type': `Type${index}`, name: `n${index}` }));
    const reading = jsonLd(JSON.stringify({ '@graph': nodes }));
    // Types are kept to 100; the 2,001st node is never read, so its type cannot appear.
    expect(reading.types).toHaveLength(100);
    expect(reading.types).not.toContain('Type2000');
  });

  it('follows references that go round in a circle no further than a few steps', () => {
    const reading = jsonLd(
      JSON.stringify({
        '@graph': [
          { '@id': '#a', '@type': 'Article', headline: 'Circles', author: { '@id': '#b' }, name: { '@id': '#b' } },
          { '@id': '#b', '@type': 'Person', name: { '@id': '#a' } },
        ],
      }),
    );
    expect(valuesOf(reading, 'title')).toEqual(['Circles']);
    expect(reading.values.authors).toBeUndefined();
  });

  it('stops at nesting a page makes deep, without failing', () => {
    const deep = `${'['.repeat(5_000)}{"@type":"Thing","name":"bottom"}${']'.repeat(5_000)}`;
    expect(jsonLd(deep).types).toEqual([]);
  });
});

describe('Dublin Core', () => {
  it('reads DC.* and dcterms: tags, repeated creators in page order', () => {
    const reading = readFixture('dublin-core', 'https://ietf.example/draft');
    expect(reading.values.authors).toEqual([
      { value: 'Kooman, F.', from: 'meta:dc.creator' },
      { value: 'Jong, Michiel de', from: 'meta:dc.creator' },
    ]);
    expect(valuesOf(reading, 'title')[0]).toBe('remoteStorage');
    expect(valuesOf(reading, 'published')).toEqual(['2014-12-15']);
    expect(valuesOf(reading, 'publisher')).toEqual(['Internet Engineering Task Force']);
    expect(valuesOf(reading, 'doi')).toEqual(['10.17487/RFC0000']);
    expect(valuesOf(reading, 'keywords')).toEqual(['storage', 'web']);
    expect(valuesOf(reading, 'description')).toEqual(['A protocol for per-user storage on the Web.']);
  });
});

describe('microdata', () => {
  const reading = readFixture('microdata', 'https://talks.example/typed-notes');

  it('reads the top-level items’ types, not those of items that are properties', () => {
    expect(reading.types).toEqual(['VideoObject', 'BreadcrumbList']);
  });

  it('reads nested items (a Person’s name, or given and family name) and attribute values', () => {
    expect(valuesOf(reading, 'authors')).toEqual(['Grace Hopper', 'Alan Turing']);
    expect(valuesOf(reading, 'duration')).toEqual(['PT1H2M3S']);
    expect(valuesOf(reading, 'published')).toEqual(['2025-06-02T10:00:00Z']);
    expect(valuesOf(reading, 'image')).toEqual(['https://talks.example/thumbs/typed-notes-large.jpg']);
    expect(valuesOf(reading, 'description')).toEqual(['How a typed workspace links notes to people and sources.']);
  });
});

describe('the document itself', () => {
  it('reads the address, the canonical address, the language and the headings', () => {
    const reading = page(
      '<title>Plain page</title><link rel="canonical" href="/canonical">',
      '<h1>One</h1><h2>Two</h2><h3>Three</h3><h4>Four</h4>',
    );
    expect(valuesOf(reading, 'url')).toEqual(['https://example.com/a/page']);
    expect(valuesOf(reading, 'canonicalUrl')).toEqual(['https://example.com/canonical']);
    expect(valuesOf(reading, 'headings')).toEqual(['One', 'Two', 'Three']);
  });

  it('gives nothing for a page that says nothing, not empty values', () => {
    expect(page('').values).toEqual({ url: [{ value: 'https://example.com/a/page', from: 'address' }] });
  });
});

// Parsing a 1 MB page in happy-dom takes seconds on a busy machine.
describe('real pages of the corpus', { timeout: 60_000 }, () => {
  it('videos-1: a NewsArticle in CDATA, with its author and publisher', () => {
    const reading = readCorpusPage('videos-1', 'https://www.vox.com/2017-in-review/best-movies-2017');
    expect(reading.types).toEqual(['NewsArticle']);
    expect(reading.values.authors?.[0]).toEqual({ value: 'Alissa Wilkinson', from: 'json-ld:NewsArticle.author' });
    expect(reading.values.published?.[0]).toEqual({
      value: '2017-12-15T08:50:02-05:00',
      from: 'json-ld:NewsArticle.datePublished',
    });
    expect(valuesOf(reading, 'publisher')).toEqual(['Vox']);
  });

  it('medium-3: keywords as a list, the author once though it is also the creator', () => {
    const reading = readCorpusPage('medium-3', 'https://medium.com/@johncwelch/samantha');
    expect(valuesOf(reading, 'keywords')).toContain('Lite:true');
    expect(reading.values.authors?.filter(({ from }) => from.startsWith('json-ld'))).toEqual([
      { value: 'John C. Welch', from: 'json-ld:NewsArticle.author' },
      { value: 'John C. Welch', from: 'json-ld:NewsArticle.creator' },
    ]);
  });

  it('wikipedia-2: the page’s title, not the JSON-LD headline that is a summary', () => {
    const reading = readCorpusPage('wikipedia-2', 'https://en.wikipedia.org/wiki/New_Zealand');
    expect(reading.values.title?.[0]?.value).toBe('New Zealand');
    expect(valuesOf(reading, 'authors')).toEqual(['Contributors to Wikimedia projects']);
    expect(valuesOf(reading, 'published')).toEqual(['2001-10-29T01:59:14Z']);
  });

  it('guardian-1: microdata of a NewsArticle beside JSON-LD that only names the site', () => {
    const reading = readCorpusPage('guardian-1', 'https://www.theguardian.com/environment/2019/jan/03/whales');
    expect(reading.types).toEqual(expect.arrayContaining(['Organization', 'WebPage', 'NewsArticle']));
    expect(valuesOf(reading, 'authors')[0]).toBe('Eleanor Ainge Roy');
    expect(reading.values.published?.[0]?.from).toBe('microdata:NewsArticle.datePublished');
    expect(valuesOf(reading, 'keywords')).toContain('New Zealand');
  });

  it('ietf-1: Dublin Core creators written "Last, First"', () => {
    const reading = readCorpusPage('ietf-1', 'https://tools.ietf.org/html/draft-dejong-remotestorage-04');
    expect(valuesOf(reading, 'authors')).toEqual(['Kooman, F.', 'Jong, Michiel de']);
  });

  it('nytimes-5: an index page, whose ItemList and organization are no article', () => {
    const reading = readCorpusPage('nytimes-5', 'https://www.nytimes.com/es/');
    expect(reading.types).toEqual(['CollectionPage', 'ItemList', 'NewsMediaOrganization']);
    expect(reading.values.authors).toBeUndefined();
    expect(valuesOf(reading, 'language')).toEqual(['es']);
  });
});

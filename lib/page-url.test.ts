import { describe, expect, it } from 'vitest';
import { pageKey, samePage } from './page-url';

describe('samePage: what does not change the page is ignored', () => {
  const page = 'https://example.com/articles/bread';

  it.each([
    ['a fragment', `${page}#section`],
    ['tracking parameters', `${page}?utm_source=x&utm_medium=mail&fbclid=abc&gclid=def`],
    ['a trailing slash', `${page}/`],
    ['a default port', 'https://example.com:443/articles/bread'],
    ['the case of scheme and host', 'HTTPS://Example.COM/articles/bread'],
    ['all of them at once', 'HTTPS://EXAMPLE.com:443/articles/bread/?UTM_Campaign=y#top'],
  ])('%s', (_what, other) => {
    expect(samePage(page, other)).toBe(true);
  });

  it('keeps what may name another page: the path and its case, other parameters and their order, the port', () => {
    expect(samePage(page, 'https://example.com/articles/Bread')).toBe(false);
    expect(samePage(page, `${page}?page=2`)).toBe(false);
    expect(samePage(`${page}?a=1&b=2`, `${page}?b=2&a=1`)).toBe(false);
    expect(samePage(`${page}?a=1&utm_source=x&b=2`, `${page}?a=1&b=2`)).toBe(true);
    expect(samePage(page, 'https://example.com:8443/articles/bread')).toBe(false);
    expect(samePage(page, 'http://example.com/articles/bread')).toBe(false);
    expect(samePage(page, 'https://www.example.com/articles/bread')).toBe(false);
  });

  it('compares what is not a URL as written, trimmed', () => {
    expect(pageKey('  not a url ')).toBe('not a url');
    expect(samePage('about:blank', 'about:blank')).toBe(true);
  });

  it('keeps a route fragment of a hash-routed app: another route is another page', () => {
    const app = 'https://app.example.com/';
    expect(samePage(`${app}#/doc/1`, `${app}#/doc/2`)).toBe(false);
    expect(samePage(`${app}#!/x`, `${app}#!/y`)).toBe(false);
    expect(samePage(`${app}#/doc/1`, app)).toBe(false);
    expect(samePage(`${app}#/doc/1`, `${app}?utm_source=x#/doc/1/`)).toBe(true);
    // A bare route marker names no route: it is the app's root.
    expect(samePage(`${app}#/`, app)).toBe(true);
    expect(samePage(`${app}#!`, app)).toBe(true);
  });

  it('the site root with and without its slash', () => {
    expect(pageKey('https://example.com/')).toBe('https://example.com');
    expect(samePage('https://example.com', 'https://example.com/?utm_source=x')).toBe(true);
  });
});

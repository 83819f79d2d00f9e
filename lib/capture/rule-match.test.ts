import { describe, expect, it } from 'vitest';
import { readFixture } from '../../tests/support/capture-pages';
import type { PageReading } from './page-values';
import { firstMatchingRule, ruleMatches } from './rule-match';
import type { CaptureRule } from './rules-schema';
import { compileUrlPattern } from './url-pattern';

function rule(name: string, match: CaptureRule['match'], enabled = true): CaptureRule {
  return { name, enabled, match, target: { kind: 'weblink' } };
}

function reading(url: string, types: string[] = [], meta: string[] = []): PageReading {
  return {
    url,
    values: {},
    types,
    lookups: Object.fromEntries(meta.map((name) => [`meta:${name}`, [{ value: 'x', from: `meta:${name}` }]])),
  };
}

describe('address patterns', () => {
  it.each([
    ['arxiv.org', 'https://arxiv.org/abs/1', true],
    ['arxiv.org', 'https://export.arxiv.org/abs/1', true],
    ['arxiv.org', 'https://notarxiv.org/abs/1', false],
    ['arxiv.org', 'https://arxiv.org.evil.example/', false],
    ['*.substack.com', 'https://ada.substack.com/p/one', true],
    ['*.substack.com', 'https://substack.com/', false],
    ['nature.com/articles/*', 'https://www.nature.com/articles/s41586', true],
    ['nature.com/articles/*', 'https://www.nature.com/news/x', false],
    ['https://www.nature.com/articles/*', 'https://www.nature.com/articles/s41586?utm=1#a', true],
    ['https://www.nature.com/articles/*', 'http://www.nature.com/articles/s41586', false],
  ])('%s matches %s: %s', (pattern, url, expected) => {
    expect(compileUrlPattern(pattern)?.test(url)).toBe(expected);
  });

  it('refuses what URLPattern does not accept', () => {
    expect(compileUrlPattern('exa mple.com')).toBeNull();
    expect(compileUrlPattern('  ')).toBeNull();
  });
});

describe('which rule applies', () => {
  it('needs the address to fit one pattern, and the page to show one of the types or meta tags', () => {
    const paper = rule('Paper', { urls: ['journal.example'], types: ['ScholarlyArticle'], meta: ['citation_title'] });
    expect(ruleMatches(paper, reading('https://journal.example/a', [], ['citation_title']))).toBe(true);
    expect(ruleMatches(paper, reading('https://journal.example/a', ['ScholarlyArticle']))).toBe(true);
    expect(ruleMatches(paper, reading('https://journal.example/a', ['Article']))).toBe(false);
    expect(ruleMatches(paper, reading('https://other.example/a', [], ['citation_title']))).toBe(false);
  });

  it('matches types exactly, without case or the schema.org prefix, and never a subtype', () => {
    const article = rule('Article', { types: ['schema:Article'] });
    expect(ruleMatches(article, reading('https://a.example/', ['article']))).toBe(true);
    expect(ruleMatches(article, reading('https://a.example/', ['NewsArticle']))).toBe(false);
  });

  it('matches every page when the rule has no condition', () => {
    expect(ruleMatches(rule('Everything', {}), reading('https://a.example/'))).toBe(true);
  });

  it('takes the first enabled rule in the person’s order', () => {
    const rules = [
      rule('Off', {}, false),
      rule('Recipes', { types: ['Recipe'] }),
      rule('Everything', {}),
      rule('Also recipes', { types: ['Recipe'] }),
    ];
    expect(firstMatchingRule(rules, reading('https://a.example/', ['Recipe']))).toEqual({ rule: rules[1], index: 1 });
    expect(firstMatchingRule(rules, reading('https://a.example/'))?.index).toBe(2);
    expect(firstMatchingRule(rules.slice(0, 2), reading('https://a.example/'))).toBeNull();
  });

  it('sees a meta tag through the lookups read for the rules', () => {
    const paper = rule('Paper', { meta: ['citation_title'] });
    const url = 'https://journal.example/articles/analytical-engine';
    expect(ruleMatches(paper, readFixture('paper', url, [{ source: 'meta', name: 'citation_title' }]))).toBe(true);
    expect(ruleMatches(paper, readFixture('book', url, [{ source: 'meta', name: 'citation_title' }]))).toBe(false);
  });
});

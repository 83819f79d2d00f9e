import { describe, expect, it } from 'vitest';
import { readCorpusPage, readFixture } from '../../tests/support/capture-pages';
import { suggestTags } from './tag-suggestions';

const JS_URL = 'https://dev.example/posts/javascript-closures';

const tags = [
  { id: 'py', title: 'Python' },
  { id: 'perf', title: 'Performance' },
  { id: 'fp', title: 'Functional Programming' },
  { id: 'js', title: 'JavaScript' },
  { id: 'closure', title: 'Closure' },
  { id: 'wc', title: 'Web Components' },
  { id: 'scope', title: 'Scopes' },
  { id: 'loops', title: 'Loop' },
];

describe('suggested tags', () => {
  it('suggests the existing "JavaScript" for a page about "javascript", subject places first', () => {
    const suggested = suggestTags(tags, readFixture('javascript', JS_URL));
    // JavaScript and Closure are in the title, keywords, address and headings; the rest in one subject place.
    expect(suggested.map(({ id }) => id)).toEqual(['closure', 'js', 'fp', 'scope', 'wc']);
  });

  it('suggests at most five, and none already on the clip or named like one on it', () => {
    const reading = readFixture('javascript', JS_URL);
    const withDuplicate = [...tags, { id: 'js2', title: 'javascript' }];
    const suggested = suggestTags(withDuplicate, reading, ['js']).map(({ id }) => id);
    expect(suggested).toEqual(['closure', 'fp', 'scope', 'wc', 'loops']);
  });

  it('gives the same suggestions whatever the order of the space’s tags', () => {
    const reading = readFixture('javascript', JS_URL);
    const once = suggestTags(tags, reading);
    expect(suggestTags([...tags].reverse(), reading)).toEqual(once);
  });

  it('suggests nothing that is only part of a word', () => {
    const reading = readFixture('javascript', JS_URL);
    expect(
      suggestTags(
        [
          { id: 'java', title: 'Java' },
          { id: 'script', title: 'Script' },
        ],
        reading,
      ),
    ).toEqual([]);
  });

  it('finds tags in a real page’s keywords and address', { timeout: 60_000 }, () => {
    const reading = readCorpusPage(
      'guardian-1',
      'https://www.theguardian.com/environment/2019/jan/03/whale-strandings',
    );
    const suggested = suggestTags(
      [
        { id: 'nz', title: 'New Zealand' },
        { id: 'whale', title: 'Whales' },
        { id: 'env', title: 'environment' },
        { id: 'cooking', title: 'Cooking' },
      ],
      reading,
    );
    expect(suggested.map(({ id }) => id).sort()).toEqual(['env', 'nz', 'whale']);
  });
});

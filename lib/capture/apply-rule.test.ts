import { describe, expect, it } from 'vitest';
import { parseRulesFile } from '../../entrypoints/options/rules-file';
import { fixtureRulesJson, fixtureSpace, readFixture } from '../../tests/support/capture-pages';
import { type AppliedRule, applyRule, type CaptureSpace, sourceTexts } from './apply-rule';
import { resolveLinks } from './links';
import { lookupsOf } from './lookups';
import { firstMatchingRule } from './rule-match';
import type { CaptureRule } from './rules-schema';

const PAPER_URL = 'https://journal.example/articles/analytical-engine';
const RECIPE_URL = 'https://kitchen.example/recipes/lentil-soup/';
const NOW = new Date('2026-01-31T12:00:00Z');

function fixtureRules(): CaptureRule[] {
  const parsed = parseRulesFile(fixtureRulesJson());
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.file.rules;
}

function applied(
  page: string,
  url: string,
  rules = fixtureRules(),
  space: CaptureSpace = fixtureSpace().space,
): AppliedRule {
  const reading = readFixture(page, url, lookupsOf(rules));
  const choice = firstMatchingRule(rules, reading);
  if (!choice) throw new Error('no rule matched');
  return applyRule(choice, reading, space, { now: NOW, timeZone: 'UTC' });
}

describe('the Paper rule on a paper page with three authors', () => {
  const paper = applied('paper', PAPER_URL);

  it('saves a Paper with its typed fields and the page’s address in its URL property', () => {
    expect(paper.ruleName).toBe('Paper');
    expect(paper.structureId).toBe('custom-paper');
    expect(paper.title).toBe('Notes on the Analytical Engine');
    expect(paper.properties).toEqual({
      'paper-published': { type: 'date', date: { dateResolution: 'day', start: '2021-03-15T00:00:00.000Z' } },
      'paper-doi': { type: 'text', text: { value: '10.5555/jch.2021.0012' } },
      'paper-journal': { type: 'text', text: { value: 'Journal of Computing History' } },
      'paper-pdf': { type: 'url', url: { value: 'https://journal.example/papers/analytical-engine.pdf' } },
      'paper-url': { type: 'url', url: { value: PAPER_URL } },
    });
    expect(paper.missing).toEqual([]);
  });

  it('gives the authors as names to link to Person, "First Last", and links the one the space has', () => {
    expect(paper.links).toEqual([
      {
        propertyId: 'paper-authors',
        propertyName: 'Authors',
        structureIds: ['custom-person'],
        multiple: true,
        names: ['Ada Lovelace', 'Grace Hopper', 'Charles Babbage'],
      },
    ]);
    const outcomes = resolveLinks(paper.links[0] as AppliedRule['links'][number], fixtureSpace().objects);
    expect(
      outcomes.map((outcome) => ('found' in outcome ? `found ${outcome.found.id}` : `create ${outcome.name}`)),
    ).toEqual(['found person-ada', 'create Grace Hopper', 'create Charles Babbage']);
  });

  it('gives its tags, collection, notes, what to keep and whether to create missing objects', () => {
    expect(paper.tags).toEqual([{ kind: 'existing', id: 'tag-papers', title: 'Papers' }]);
    expect(paper.collection).toEqual({ id: 'col-papers', title: 'Papers' });
    expect(paper.notes).toBe('Ada Lovelace, Grace Hopper, Charles Babbage (2021-03-15)');
    expect(paper.keep).toBe('link');
    expect(paper.createMissing).toBe(false);
  });
});

describe('the Recipe rule', () => {
  it('fills text, number and label properties from JSON-LD paths and named values', () => {
    const recipe = applied('recipe', RECIPE_URL);
    expect(recipe.structureId).toBe('custom-recipe');
    expect(recipe.properties['recipe-time']).toEqual({ type: 'number', number: { value: 40 } });
    expect(recipe.properties['recipe-servings']).toEqual({ type: 'number', number: { value: 4 } });
    expect(recipe.properties['recipe-course']).toEqual({ type: 'label', label: [{ id: 'course-soup', name: 'Soup' }] });
    expect(recipe.properties['recipe-ingredients']).toEqual({
      type: 'text',
      text: { value: '200 g red lentils\n1 onion, chopped\n2 tsp ground cumin\n1 l vegetable stock\n1 lemon' },
    });
    expect(recipe.fieldTexts['recipe-time']).toEqual({ values: ['PT40M'], from: 'json-ld:Recipe.totalTime' });
  });
});

describe('a rule in another space', () => {
  it('finds its type, properties, tags and collection by title when the ids differ', () => {
    const space = fixtureSpace().space;
    const renamed: CaptureSpace = {
      tags: space.tags.map((tag) => ({ ...tag, id: `other-${tag.id}` })),
      structures: space.structures.map((structure) => ({
        ...structure,
        id: `other-${structure.id}`,
        collections: structure.collections?.map((collection) => ({ ...collection, id: `other-${collection.id}` })),
        propertyDefinitions: structure.propertyDefinitions.map((definition) => ({
          ...definition,
          id: definition.type === 'title' ? definition.id : `other-${definition.id}`,
        })),
      })),
    };
    const paper = applied('paper', PAPER_URL, fixtureRules(), renamed);
    expect(paper.structureId).toBe('other-custom-paper');
    expect(Object.keys(paper.properties).sort()).toEqual([
      'other-paper-doi',
      'other-paper-journal',
      'other-paper-pdf',
      'other-paper-published',
      'other-paper-url',
    ]);
    expect(paper.links[0]?.propertyId).toBe('other-paper-authors');
    expect(paper.tags).toEqual([{ kind: 'existing', id: 'other-tag-papers', title: 'Papers' }]);
    expect(paper.collection?.id).toBe('other-col-papers');
  });

  it('reports what the space lacks, and a tag it lacks as one to create', () => {
    const space = fixtureSpace().space;
    const noPaper: CaptureSpace = { tags: [], structures: space.structures.filter(({ title }) => title !== 'Paper') };
    const paper = applied('paper', PAPER_URL, fixtureRules(), noPaper);
    expect(paper.structureId).toBeNull();
    expect(paper.properties).toEqual({});
    expect(paper.missing).toEqual(['type']);
    expect(paper.tags).toEqual([{ kind: 'new', title: 'Papers' }]);
    // What the page said is still known, for the person to see.
    expect(paper.fieldTexts['paper-doi']?.values).toEqual(['10.5555/jch.2021.0012']);
  });
});

describe('a rule applied without the space (npm run extract without --space)', () => {
  it('says what the page gave each field, untyped, and takes the rule’s tags at their word', () => {
    const rules = fixtureRules();
    const reading = readFixture('paper', PAPER_URL, lookupsOf(rules));
    const choice = firstMatchingRule(rules, reading);
    if (!choice) throw new Error('no rule matched');
    const paper = applyRule(choice, reading, null, { now: NOW });
    expect(paper.properties).toEqual({});
    expect(paper.fieldTexts['paper-authors']?.values).toEqual(['Lovelace, Ada', 'Hopper, Grace', 'Babbage, Charles']);
    expect(paper.tags).toEqual([{ kind: 'existing', id: 'tag-papers', title: 'Papers' }]);
    expect(paper.missing).toEqual([]);
  });
});

describe('field sources', () => {
  const rule: CaptureRule = {
    name: 'Selectors',
    enabled: true,
    match: {},
    target: { kind: 'weblink' },
    fields: {
      'pdf-link': { source: 'selector', selector: 'a.pdf', attribute: 'href' },
      abstract: { source: 'selector', selector: 'h2 + p' },
      heading: { source: 'selector', selector: 'h2' },
      volume: { source: 'meta', name: 'CITATION_VOLUME' },
      kind: { source: 'fixed', value: 'Paper' },
      broken: { source: 'selector', selector: 'p[' },
    },
  };
  const reading = readFixture('paper', PAPER_URL, lookupsOf([rule]));
  const fields = rule.fields ?? {};
  const texts = (id: string, multiple = false) => fields[id] && sourceTexts(fields[id], reading, multiple);

  it('reads a selector’s first match, or every match for a multiple property, and attributes as addresses', () => {
    expect(texts('pdf-link')).toEqual({
      values: ['https://journal.example/papers/analytical-engine.pdf'],
      from: 'selector:a.pdf',
    });
    expect(texts('heading')?.values).toEqual(['Abstract']);
    expect(texts('heading', true)?.values).toEqual(['Abstract', 'The engine']);
    expect(texts('abstract')?.values[0]).toMatch(/^We read the notes appended/);
  });

  it('reads meta tags by name without case, fixed values as written, and nothing for an invalid selector', () => {
    expect(texts('volume')).toEqual({ values: ['12'], from: 'meta:citation_volume' });
    expect(texts('kind')).toEqual({ values: ['Paper'], from: 'fixed' });
    expect(texts('broken')).toEqual({ values: [], from: '' });
  });
});

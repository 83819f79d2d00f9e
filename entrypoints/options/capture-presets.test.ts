import { describe, expect, it } from 'vitest';
import { lookupsOf } from '@/lib/capture/lookups';
import { ruleMatches } from '@/lib/capture/rule-match';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import { rulesFileSchema } from '@/lib/capture/rules-schema';
import { fixtureSpace, readCorpusPage, readFixture } from '../../tests/support/capture-pages';
import { type PresetId, RULE_PRESETS, ruleFromPreset } from './capture-presets';

function preset(id: PresetId) {
  const found = RULE_PRESETS.find((candidate) => candidate.id === id);
  if (!found) throw new Error(id);
  return found;
}

function structure(title: string): SpaceStructure {
  const found = fixtureSpace().space.structures.find((candidate) => candidate.title === title);
  if (!found) throw new Error(title);
  return found;
}

describe('built-in presets', () => {
  it('are Article, Paper, Recipe, Video and Book', () => {
    expect(RULE_PRESETS.map(({ name }) => name)).toEqual(['Article', 'Paper', 'Recipe', 'Video', 'Book']);
  });

  it('make rules the rules file accepts, for the type the person picks', () => {
    const rules = RULE_PRESETS.map((each) => ruleFromPreset(each, structure('Paper')));
    expect(rulesFileSchema.safeParse({ version: 1, rules }).success).toBe(true);
  });

  it('Paper fills the properties of a Paper type it recognises by name and type', () => {
    const rule = ruleFromPreset(preset('paper'), structure('Paper'), 'r1');
    expect(rule).toMatchObject({
      id: 'r1',
      name: 'Paper',
      enabled: true,
      target: { kind: 'object', structureId: 'custom-paper', structureTitle: 'Paper' },
      keep: 'link',
    });
    expect(rule.fields).toEqual({
      'paper-authors': { source: 'authors', property: 'Authors' },
      'paper-published': { source: 'published', property: 'Published' },
      'paper-doi': { source: 'doi', property: 'DOI' },
      'paper-journal': { source: 'journal', property: 'Journal' },
      'paper-pdf': { source: 'pdfUrl', property: 'PDF' },
    });
  });

  it('Recipe reads time, servings and course from the recipe’s JSON-LD', () => {
    const rule = ruleFromPreset(preset('recipe'), structure('Recipe'));
    expect(rule.fields?.['recipe-time']).toEqual({
      source: 'jsonLd',
      path: 'totalTime',
      type: 'Recipe',
      property: 'Total time',
    });
    expect(rule.fields?.['recipe-servings']?.source).toBe('jsonLd');
    expect(rule.fields?.['recipe-course']).toMatchObject({ path: 'recipeCategory' });
  });

  it('Article on the weblink type makes a weblink rule that keeps the article', () => {
    const rule = ruleFromPreset(preset('article'), structure('Weblink'));
    expect(rule.target).toEqual({ kind: 'weblink' });
    expect(rule.keep).toBe('article');
    expect(rule.fields).toEqual({ description: { source: 'description', property: 'Description' } });
  });

  it.each([
    ['article', () => readCorpusPage('videos-1', 'https://www.vox.com/2017-in-review/best-movies-2017')],
    ['paper', () => readFixture('paper', 'https://journal.example/a', lookupsOf([paperRule()]))],
    ['recipe', () => readFixture('recipe', 'https://kitchen.example/recipes/lentil-soup/')],
    ['video', () => readFixture('microdata', 'https://talks.example/typed-notes')],
    ['book', () => readFixture('book', 'https://books.example/taoup')],
  ] as const)('%s matches its kind of page, and no other preset’s fixture', { timeout: 60_000 }, (id, read) => {
    const matching = RULE_PRESETS.filter((each) => ruleMatches(ruleFromPreset(each, structure('Paper')), read()));
    expect(matching.map((each) => each.id)).toEqual([id]);
  });
});

function paperRule() {
  return ruleFromPreset(preset('paper'), structure('Paper'));
}

import { beforeEach, describe, expect, it } from 'vitest';
import { type Answer, setUpTestEmulator } from './http-testing.ts';
import type { ProfileName } from './profile.ts';
import { DEMO } from './seed.ts';

/**
 * The custom types issue #24's clips fill (Paper with Authors → Person, Person, Recipe, Video, Book's
 * ISBN), as each profile serves and creates them.
 */

const emu = setUpTestEmulator('spec');
const { call } = emu;

const S = DEMO.structures;
const paper = DEMO.properties.paper;
const title = (value: string) => ({ type: 'title', title: { value } });
const text = (value: string) => ({ type: 'text', text: { value } });
const url = (value: string) => ({ type: 'url', url: { value } });
const entities = (...ids: string[]) => ({ type: 'entity', entity: ids.map((id) => ({ id })) });
const day = (date: string) => ({ type: 'date', date: { dateResolution: 'day', start: `${date}T00:00:00.000Z` } });

interface Definition {
  id: string;
  name: string;
  type: string;
  multiple?: boolean;
  allowedStructureIds?: string[];
  allowedStructures?: string[];
  dateResolution?: string;
  labelSet?: { name: string }[];
}

async function structures(): Promise<Map<string, Definition[]>> {
  const { body } = await call('GET', '/space/structures');
  return new Map(
    body.structures.map((s: { title: string; propertyDefinitions: Definition[] }) => [s.title, s.propertyDefinitions]),
  );
}

/** A definition as `name: type` plus what a form needs to know about it, in one comparable string. */
function listing(definitions: Definition[] = []): string[] {
  return definitions
    .filter((def) => !['createdAt', 'lastUpdatedAt', 'blocks'].includes(def.type))
    .map((def) => {
      const allowed = def.allowedStructureIds ?? def.allowedStructures;
      const extras = [
        def.multiple === undefined ? '' : def.multiple ? ' multiple' : ' single',
        allowed ? ` → ${allowed.map((id) => (id === S.person ? 'Person' : id)).join(', ')}` : '',
        def.labelSet ? ` (${def.labelSet.map((option) => option.name).join(', ')})` : '',
      ];
      return `${def.name}: ${def.type}${extras.join('')}`;
    });
}

function errorCode(answer: Answer): string | undefined {
  return answer.body?.code ?? answer.body?.error?.code;
}

describe.each(['spec', 'published'] as ProfileName[])('custom types in the %s profile', (profile) => {
  beforeEach(() => emu.emulator.reset({ profile }));
  const created = profile === 'spec' ? 201 : 200;

  it('serves Paper, Person, Recipe, Video and Book (with ISBN) with their property definitions', async () => {
    const byTitle = await structures();
    expect(listing(byTitle.get('Paper'))).toEqual([
      'Title: title',
      'Tags: entity → RootTag',
      'Authors: entity multiple → Person',
      'Published: date',
      'Journal: text',
      'DOI: text',
      'URL: url',
      'PDF: url',
      'Abstract: text',
    ]);
    expect(listing(byTitle.get('Person'))).toEqual([
      'Title: title',
      'Tags: entity → RootTag',
      'Affiliation: text',
      'Website: url',
    ]);
    expect(listing(byTitle.get('Recipe'))).toEqual([
      'Title: title',
      'Tags: entity → RootTag',
      'Source: url',
      'Ingredients: text',
      'Servings: number',
      'Total time: number',
      'Cuisine: label multiple (French, Indian, Italian, Japanese, Mexican, Middle Eastern)',
    ]);
    expect(listing(byTitle.get('Video'))).toEqual([
      'Title: title',
      'Tags: entity → RootTag',
      'URL: url',
      'Speaker: entity single → Person',
      'Channel: text',
      'Duration: number',
      'Published: date',
    ]);
    expect(listing(byTitle.get('Book'))).toContain('ISBN: text');
    const published = byTitle.get('Paper')?.find((def) => def.name === 'Published');
    expect(published?.id).toBe(paper.published);
    // The spec profile tells a form the date's resolution and the entity's targets its own way.
    if (profile === 'spec') {
      expect(published?.dateResolution).toBe('day');
      expect(byTitle.get('Paper')?.find((def) => def.name === 'Authors')?.allowedStructureIds).toEqual([S.person]);
    } else {
      expect(published?.dateResolution).toBeUndefined();
      expect(byTitle.get('Paper')?.find((def) => def.name === 'Authors')?.allowedStructures).toEqual([S.person]);
    }
  });

  it('creates a Paper whose Authors link the seeded Person and two created first', async () => {
    const person = async (name: string) => {
      const answer = await call('POST', '/object', { structureId: S.person, properties: { title: title(name) } });
      expect(answer.status).toBe(created);
      return answer.body.id as string;
    };
    const grace = await person('Grace Hopper');
    const alan = await person('Alan Turing');
    const answer = await call('POST', '/object', {
      structureId: S.paper,
      properties: {
        title: title('On three authors'),
        [paper.authors]: entities(DEMO.people.ada, grace, alan),
        [paper.published]: day('2024-05-17'),
        [paper.doi]: text('10.1234/three.authors'),
        [paper.url]: url('https://papers.example.org/three-authors'),
        [paper.journal]: text('Journal of Examples'),
      },
      collections: [DEMO.collections.paperClub],
    });
    expect(answer.status).toBe(created);
    const read = await call('GET', `/object?id=${answer.body.id}`);
    expect(read.body).toMatchObject({ structureId: S.paper, collections: [DEMO.collections.paperClub] });
    expect(read.body.properties[paper.authors]).toEqual(entities(DEMO.people.ada, grace, alan));
    expect(read.body.properties[paper.published].date).toEqual({
      dateResolution: 'day',
      start: '2024-05-17T00:00:00.000Z',
      end: null,
    });
    expect(read.body.properties[paper.doi]).toEqual(text('10.1234/three.authors'));
    expect(read.body.properties[paper.abstract]).toEqual({ type: 'text', text: { value: null } });
    expect(await emu.control.violations()).toEqual([]);
  });

  it('refuses an author of the wrong structure, an unknown one, two speakers and a day not at midnight', async () => {
    const paperWith = (properties: Record<string, unknown>) =>
      call('POST', '/object', { structureId: S.paper, properties: { title: title('Refused'), ...properties } });
    const refusals = [
      await paperWith({ [paper.authors]: entities(DEMO.people.ada, DEMO.tags.javascript) }),
      await paperWith({ [paper.authors]: entities(DEMO.books.ddia) }),
      await paperWith({ [paper.authors]: entities('00000000-0000-5000-8000-000000000000') }),
      await paperWith({ [paper.published]: { type: 'date', date: { start: '2024-05-17T12:00:00.000Z' } } }),
      await call('POST', '/object', {
        structureId: S.video,
        properties: { [DEMO.properties.video.speaker]: entities(DEMO.people.ada, DEMO.people.engelbart) },
      }),
    ];
    for (const answer of refusals) {
      expect(answer.status).toBe(400);
      expect(errorCode(answer)).toBe('cap_invalid_input');
    }
    expect(refusals[0]?.text).toMatch(/only accepts objects of structure/);
    expect(refusals[4]?.text).toMatch(/at most one/);
    const { body } = await call('POST', '/objects/search', { query: 'Refused' });
    expect(body.results).toEqual([]);
    // A well-formed request refused for its content is not a violation of the reference.
    expect(await emu.control.violations()).toEqual([]);
  });

  it('creates a Recipe and a Video with one Speaker', async () => {
    const recipe = DEMO.properties.recipe;
    const cuisine = { id: DEMO.labels.recipeCuisine.italian, name: 'Italian' };
    const made = await call('POST', '/object', {
      structureId: S.recipe,
      properties: {
        title: title('Pasta e ceci'),
        [recipe.servings]: { type: 'number', number: { value: 2 } },
        [recipe.totalTime]: { type: 'number', number: { value: 35 } },
        [recipe.cuisine]: { type: 'label', label: [cuisine] },
        [recipe.source]: url('https://recipes.example.org/pasta-e-ceci'),
      },
    });
    expect(made.status).toBe(created);
    expect(made.body.properties[recipe.cuisine].label).toEqual([{ ...cuisine, color: 'green' }]);
    const video = DEMO.properties.video;
    const talk = await call('POST', '/object', {
      structureId: S.video,
      properties: { title: title('A talk'), [video.speaker]: entities(DEMO.people.engelbart) },
    });
    expect(talk.status).toBe(created);
    expect(talk.body.properties[video.speaker]).toEqual(entities(DEMO.people.engelbart));
  });

  it('finds the seeded Person by part of her name, searching People only', async () => {
    const search = (query: string) =>
      call('POST', '/objects/search', { query, structureIds: [S.person] }).then((answer) => answer.body.results);
    expect(await search('lovelace')).toEqual([{ id: DEMO.people.ada, structureId: S.person, title: 'Ada Lovelace' }]);
    expect(await search('ADA')).toEqual([{ id: DEMO.people.ada, structureId: S.person, title: 'Ada Lovelace' }]);
    expect(await search('Grace Hopper')).toEqual([]);
    // The seeded Paper's title holds no person's name, so only People answer.
    expect(await search('Analytical')).toEqual([]);
  });
});

describe('the state page', () => {
  it('shows the new types with their entity links by title', async () => {
    const response = await fetch(`${emu.emulator.url}/?refresh=0`);
    const page = await response.text();
    expect(page).toContain('<h3>Papers <span class="muted">(1)</span></h3>');
    expect(page).toContain('<dt>Authors</dt><dd><span class="chip">Ada Lovelace</span></dd>');
    expect(page).toContain('<dt>Speaker</dt><dd><span class="chip">Douglas Engelbart</span></dd>');
    expect(page).toContain('<dt>Cuisine</dt><dd><span class="chip">Middle Eastern</span></dd>');
    expect(page).toContain('<h3>People <span class="muted">(2)</span></h3>');
  });
});

import { content, structure, tags, timestamps, title } from './structures.ts';
import type { LabelOption, PropertyDefinition, StructureRecord } from './types.ts';

/**
 * The custom types a clipper fills from what a page says about itself (issue #24): a Paper whose
 * Authors are Person objects, a Recipe, a Video with its Speaker. Like Book they have UUIDs,
 * `content`, and accept `POST /object` and collections; their property and label ids come from the
 * seed so each space has its own.
 */

export interface PaperPropertyIds {
  authors: string;
  published: string;
  journal: string;
  doi: string;
  url: string;
  pdf: string;
  abstract: string;
}

export interface PersonPropertyIds {
  affiliation: string;
  website: string;
}

export interface RecipePropertyIds {
  source: string;
  ingredients: string;
  servings: string;
  totalTime: string;
  cuisine: string;
}

export interface VideoPropertyIds {
  url: string;
  speaker: string;
  channel: string;
  duration: string;
  published: string;
}

export interface TypedStructureIds {
  paper: string;
  person: string;
  recipe: string;
  video: string;
  paperProps: PaperPropertyIds;
  personProps: PersonPropertyIds;
  recipeProps: RecipePropertyIds;
  recipeCuisine: LabelOption[];
  videoProps: VideoPropertyIds;
}

const text = (id: string, name: string): PropertyDefinition => ({ id, name, type: 'text', writable: true });
const url = (id: string, name: string): PropertyDefinition => ({ id, name, type: 'url', writable: true });
const number = (id: string, name: string): PropertyDefinition => ({ id, name, type: 'number', writable: true });
const day = (id: string, name: string): PropertyDefinition => ({
  id,
  name,
  type: 'date',
  writable: true,
  dateResolution: 'day',
});
/** An object-select property; `multiple: false` takes at most one link (decisions table). */
const links = (id: string, name: string, target: string, multiple: boolean): PropertyDefinition => ({
  id,
  name,
  type: 'entity',
  writable: true,
  multiple,
  allowedStructureIds: [target],
});

const CUSTOM = { contentPropertyId: 'content', creatable: true, collections: true } as const;

export function typedStructures(ids: TypedStructureIds): StructureRecord[] {
  const { paperProps: pa, personProps: pe, recipeProps: r, videoProps: v } = ids;
  const end = [...timestamps(), content('content', 'Content')];
  return [
    structure(
      ids.paper,
      ['Paper', 'Papers', 'blue'],
      [
        title(),
        tags(),
        links(pa.authors, 'Authors', ids.person, true),
        day(pa.published, 'Published'),
        text(pa.journal, 'Journal'),
        text(pa.doi, 'DOI'),
        url(pa.url, 'URL'),
        url(pa.pdf, 'PDF'),
        text(pa.abstract, 'Abstract'),
        ...end,
      ],
      CUSTOM,
    ),
    structure(
      ids.person,
      ['Person', 'People', 'pink'],
      [title(), tags(), text(pe.affiliation, 'Affiliation'), url(pe.website, 'Website'), ...end],
      CUSTOM,
    ),
    structure(
      ids.recipe,
      ['Recipe', 'Recipes', 'orange'],
      [
        title(),
        tags(),
        url(r.source, 'Source'),
        text(r.ingredients, 'Ingredients'),
        number(r.servings, 'Servings'),
        number(r.totalTime, 'Total time'),
        { id: r.cuisine, name: 'Cuisine', type: 'label', writable: true, multiple: true, labelSet: ids.recipeCuisine },
        ...end,
      ],
      CUSTOM,
    ),
    structure(
      ids.video,
      ['Video', 'Videos', 'red'],
      [
        title(),
        tags(),
        url(v.url, 'URL'),
        links(v.speaker, 'Speaker', ids.person, false),
        text(v.channel, 'Channel'),
        number(v.duration, 'Duration'),
        day(v.published, 'Published'),
        ...end,
      ],
      CUSTOM,
    ),
  ];
}

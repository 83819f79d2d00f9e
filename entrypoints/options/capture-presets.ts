/**
 * The built-in presets — Article, Paper, Recipe, Video, Book — offered in "Capture rules" and
 * never on by themselves: a person adds one and picks the type of their space it fills
 * (`ruleFromPreset`). A preset knows what to match and which page values suit which property;
 * it fills the properties of the chosen type whose names it recognises (in English: a space in
 * another language gets the match and maps its fields by hand) and whose type can take the value.
 */
import { WEBLINK_STRUCTURE } from '@/lib/api/structures';
import { fold } from '@/lib/capture/fold';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import type { CaptureRule, FieldSource, RuleMatch } from '@/lib/capture/rules-schema';

export type PresetId = 'article' | 'paper' | 'recipe' | 'video' | 'book';

/** A source, and the properties it suits: by name (any of `names`, folded) and by type. */
interface PresetField {
  source: FieldSource;
  names: readonly string[];
  types: readonly string[];
}

export interface RulePreset {
  id: PresetId;
  /** The rule's name until the person renames it (data of theirs, like any rule name). */
  name: string;
  match: RuleMatch;
  keep: NonNullable<CaptureRule['keep']>;
  fields: readonly PresetField[];
}

const TEXTUAL = ['text', 'label'];
const people = (names: string[]): PresetField => ({ source: { source: 'authors' }, names, types: ['entity', 'text'] });
const field = (source: FieldSource, names: string[], types: string[]): PresetField => ({ source, names, types });
const published = field({ source: 'published' }, ['published', 'date', 'publication date', 'date published'], ['date']);
const description = field({ source: 'description' }, ['description', 'summary', 'abstract', 'excerpt'], ['text']);
const image = field({ source: 'image' }, ['image', 'cover', 'thumbnail', 'picture'], ['url']);
const keywords = field({ source: 'keywords' }, ['keywords', 'topics', 'subjects'], TEXTUAL);

export const RULE_PRESETS: readonly RulePreset[] = [
  {
    id: 'article',
    name: 'Article',
    match: { types: ['Article', 'NewsArticle', 'BlogPosting'] },
    keep: 'article',
    fields: [
      people(['author', 'authors', 'by', 'byline', 'writer']),
      published,
      field({ source: 'siteName' }, ['site', 'source', 'publication', 'site name'], TEXTUAL),
      description,
      image,
      keywords,
      field({ source: 'readingTime' }, ['reading time', 'minutes'], ['number']),
      field({ source: 'wordCount' }, ['word count', 'words'], ['number']),
    ],
  },
  {
    id: 'paper',
    name: 'Paper',
    match: { types: ['ScholarlyArticle'], meta: ['citation_title'] },
    keep: 'link',
    fields: [
      people(['authors', 'author', 'creators']),
      published,
      field({ source: 'doi' }, ['doi'], ['text', 'url']),
      field({ source: 'journal' }, ['journal', 'venue', 'publication', 'published in'], TEXTUAL),
      field({ source: 'volume' }, ['volume'], ['text', 'number']),
      field({ source: 'issue' }, ['issue', 'number'], ['text', 'number']),
      field({ source: 'pages' }, ['pages'], ['text']),
      field({ source: 'pdfUrl' }, ['pdf', 'pdf url', 'full text'], ['url']),
      field({ source: 'publisher' }, ['publisher'], TEXTUAL),
      description,
      keywords,
    ],
  },
  {
    id: 'recipe',
    name: 'Recipe',
    match: { types: ['Recipe'] },
    keep: 'link',
    fields: [
      field({ source: 'ingredients' }, ['ingredients'], ['text']),
      field({ source: 'instructions' }, ['instructions', 'steps', 'method', 'directions'], ['text']),
      field(
        { source: 'jsonLd', path: 'totalTime', type: 'Recipe' },
        ['total time', 'time', 'duration'],
        ['number', 'text'],
      ),
      field(
        { source: 'jsonLd', path: 'recipeYield', type: 'Recipe' },
        ['yield', 'servings', 'serves'],
        ['number', 'text'],
      ),
      field({ source: 'jsonLd', path: 'recipeCuisine', type: 'Recipe' }, ['cuisine'], TEXTUAL),
      field({ source: 'jsonLd', path: 'recipeCategory', type: 'Recipe' }, ['category', 'course'], TEXTUAL),
      people(['author', 'chef', 'by']),
      description,
      image,
    ],
  },
  {
    id: 'video',
    name: 'Video',
    match: { types: ['VideoObject'] },
    keep: 'link',
    fields: [
      field({ source: 'duration' }, ['duration', 'length', 'runtime', 'minutes'], ['number', 'text']),
      people(['speaker', 'speakers', 'author', 'creator', 'channel', 'presenter']),
      field({ source: 'published' }, ['published', 'date', 'uploaded', 'upload date'], ['date']),
      description,
      field({ source: 'image' }, ['thumbnail', 'image'], ['url']),
    ],
  },
  {
    id: 'book',
    name: 'Book',
    match: { types: ['Book'], meta: ['book:isbn', 'books:isbn', 'citation_isbn'] },
    keep: 'link',
    fields: [
      field({ source: 'isbn' }, ['isbn'], ['text']),
      people(['author', 'authors', 'writer']),
      field({ source: 'publisher' }, ['publisher'], TEXTUAL),
      field({ source: 'published' }, ['published', 'publication date', 'date', 'year'], ['date']),
      field(
        { source: 'jsonLd', path: 'numberOfPages', type: 'Book' },
        ['pages', 'page count', 'number of pages'],
        ['number'],
      ),
      description,
      field({ source: 'image' }, ['cover', 'image'], ['url']),
    ],
  },
];

/**
 * A rule made from a preset for a type of the space: matching as the preset does, saving as
 * that type (the weblink type makes a weblink rule), each writable property the preset
 * recognises filled from its page value. On, since the person just chose it.
 */
export function ruleFromPreset(preset: RulePreset, structure: SpaceStructure, id?: string): CaptureRule {
  const fields: NonNullable<CaptureRule['fields']> = {};
  const used = new Set<PresetField>();
  for (const definition of structure.propertyDefinitions) {
    if (!definition.writable || definition.id === 'tags') continue;
    const name = fold(definition.name);
    const fit = preset.fields.find(
      (candidate) =>
        !used.has(candidate) && candidate.names.includes(name) && candidate.types.includes(definition.type),
    );
    if (!fit) continue;
    used.add(fit);
    fields[definition.id] = { ...fit.source, property: definition.name };
  }
  return {
    ...(id ? { id } : {}),
    name: preset.name,
    enabled: true,
    match: structuredClone(preset.match),
    target:
      structure.id === WEBLINK_STRUCTURE
        ? { kind: 'weblink' }
        : { kind: 'object', structureId: structure.id, structureTitle: structure.title },
    fields,
    keep: preset.keep,
  };
}

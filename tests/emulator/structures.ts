import type { LabelOption, PropertyDefinition, StructureRecord } from './types.ts';

/**
 * The structures of a space: the built-in ones (fixed ids) and the custom "Book" type (the other
 * custom types are in typed-structures.ts). Custom property and label ids are passed in so the
 * seed can derive them per space.
 */

export const STRUCTURE = {
  space: 'RootSpace',
  structure: 'RootStructure',
  collection: 'RootDatabase',
  query: 'RootQuery',
  page: 'RootPage',
  image: 'MediaImage',
  pdf: 'MediaPDF',
  audio: 'MediaAudio',
  weblink: 'MediaWebResource',
  file: 'MediaFile',
  tweet: 'MediaTweet',
  aiChat: 'RootAIChat',
  table: 'RootSimpleTable',
  dailyNote: 'RootDailyNote',
  tag: 'RootTag',
  task: 'RootTask',
} as const;

export const title = (writable = true): PropertyDefinition => ({ id: 'title', name: 'Title', type: 'title', writable });
export const tags = (): PropertyDefinition => ({
  id: 'tags',
  name: 'Tags',
  type: 'entity',
  writable: true,
  allowedStructureIds: [STRUCTURE.tag],
});
export const timestamps = (): PropertyDefinition[] => [
  { id: 'createdAt', name: 'Created', type: 'createdAt', writable: false },
  { id: 'lastUpdatedAt', name: 'Last updated', type: 'lastUpdatedAt', writable: false },
];
export const content = (id: 'content' | 'notes', name: string): PropertyDefinition => ({
  id,
  name,
  type: 'blocks',
  writable: false,
});

export interface WeblinkPropertyIds {
  status: string;
  topics: string;
  readOn: string;
  rating: string;
  favourite: string;
  source: string;
}

export interface BookPropertyIds {
  author: string;
  status: string;
  genres: string;
  published: string;
  lastOpened: string;
  pages: string;
  owned: string;
  link: string;
  summary: string;
  related: string;
  isbn: string;
}

export interface StructureIds {
  book: string;
  weblinkProps: WeblinkPropertyIds;
  weblinkStatus: LabelOption[];
  weblinkTopics: LabelOption[];
  bookProps: BookPropertyIds;
  bookStatus: LabelOption[];
  bookGenres: LabelOption[];
  /** The space's task statuses: customised labels, or the defaults. */
  taskStatus: LabelOption[];
}

/** A structure from its names (singular, plural, label colour), definitions and internal flags. */
export function structure(
  id: string,
  names: [string, string, string],
  propertyDefinitions: PropertyDefinition[],
  options: { contentPropertyId?: string; creatable?: boolean; collections?: boolean } = {},
): StructureRecord {
  return {
    id,
    title: names[0],
    pluralName: names[1],
    labelColor: names[2],
    propertyDefinitions,
    contentPropertyId: options.contentPropertyId ?? null,
    creatable: options.creatable ?? false,
    supportsCollections: options.collections ?? false,
  };
}

export function spaceStructures(ids: StructureIds): StructureRecord[] {
  return [
    structure(
      STRUCTURE.page,
      ['Page', 'Pages', 'gray'],
      [title(), tags(), ...timestamps(), content('content', 'Content')],
      {
        contentPropertyId: 'content',
        creatable: true,
        collections: true,
      },
    ),
    structure(
      STRUCTURE.dailyNote,
      ['Daily note', 'Daily notes', 'yellow'],
      [
        title(false),
        { id: 'date', name: 'Date', type: 'date', writable: false, dateResolution: 'day' },
        tags(),
        ...timestamps(),
        content('notes', 'Notes'),
      ],
      { contentPropertyId: 'notes' },
    ),
    structure(
      STRUCTURE.weblink,
      ['Weblink', 'Weblinks', 'blue'],
      [
        title(),
        { id: 'url', name: 'URL', type: 'url', writable: false },
        tags(),
        { id: 'description', name: 'Description', type: 'text', writable: true },
        {
          id: ids.weblinkProps.status,
          name: 'Status',
          type: 'label',
          writable: true,
          multiple: false,
          labelSet: ids.weblinkStatus,
        },
        {
          id: ids.weblinkProps.topics,
          name: 'Topics',
          type: 'label',
          writable: true,
          multiple: true,
          labelSet: ids.weblinkTopics,
        },
        { id: ids.weblinkProps.readOn, name: 'Read on', type: 'date', writable: true, dateResolution: 'day' },
        { id: ids.weblinkProps.rating, name: 'Rating', type: 'number', writable: true },
        { id: ids.weblinkProps.favourite, name: 'Favourite', type: 'boolean', writable: true },
        { id: ids.weblinkProps.source, name: 'Source', type: 'url', writable: true },
        ...timestamps(),
        content('notes', 'Notes'),
      ],
      { contentPropertyId: 'notes', collections: true },
    ),
    structure(
      STRUCTURE.task,
      ['Task', 'Tasks', 'orange'],
      [
        title(),
        { id: 'status', name: 'Status', type: 'label', writable: true, multiple: false, labelSet: ids.taskStatus },
        { id: 'dueDate', name: 'Due date', type: 'date', writable: true, dateResolution: 'day' },
        tags(),
        ...timestamps(),
        content('content', 'Content'),
      ],
      { contentPropertyId: 'content', creatable: true },
    ),
    structure(STRUCTURE.tag, ['Tag', 'Tags', 'green'], [title(), ...timestamps(), content('content', 'Content')], {
      contentPropertyId: 'content',
      creatable: true,
    }),
    structure(
      ids.book,
      ['Book', 'Books', 'brown'],
      [
        title(),
        tags(),
        { id: ids.bookProps.author, name: 'Author', type: 'text', writable: true },
        {
          id: ids.bookProps.status,
          name: 'Status',
          type: 'label',
          writable: true,
          multiple: false,
          labelSet: ids.bookStatus,
        },
        {
          id: ids.bookProps.genres,
          name: 'Genres',
          type: 'label',
          writable: true,
          multiple: true,
          labelSet: ids.bookGenres,
        },
        { id: ids.bookProps.published, name: 'Published', type: 'date', writable: true, dateResolution: 'day' },
        { id: ids.bookProps.lastOpened, name: 'Last opened', type: 'date', writable: true, dateResolution: 'time' },
        { id: ids.bookProps.pages, name: 'Pages', type: 'number', writable: true },
        { id: ids.bookProps.owned, name: 'Owned', type: 'boolean', writable: true },
        { id: ids.bookProps.link, name: 'Link', type: 'url', writable: true },
        { id: ids.bookProps.summary, name: 'Summary', type: 'richText', writable: true },
        {
          id: ids.bookProps.related,
          name: 'Related',
          type: 'entity',
          writable: true,
          allowedStructureIds: [STRUCTURE.page, ids.book],
        },
        { id: ids.bookProps.isbn, name: 'ISBN', type: 'text', writable: true },
        ...timestamps(),
        content('content', 'Content'),
      ],
      { contentPropertyId: 'content', creatable: true, collections: true },
    ),
    structure(
      STRUCTURE.image,
      ['Image', 'Images', 'purple'],
      [
        title(),
        tags(),
        { id: 'description', name: 'Description', type: 'text', writable: true },
        ...timestamps(),
        content('notes', 'Notes'),
      ],
      { contentPropertyId: 'notes' },
    ),
    structure(STRUCTURE.pdf, ['PDF', 'PDFs', 'red'], [title(), tags(), ...timestamps(), content('notes', 'Notes')], {
      contentPropertyId: 'notes',
    }),
    structure(STRUCTURE.collection, ['Collection', 'Collections', 'gray'], [title(), ...timestamps()]),
  ];
}

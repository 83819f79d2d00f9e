import { randomBytes } from 'node:crypto';
import { uuidFromName } from './ids.ts';
import { markdownToBlocks } from './markdown-import.ts';
import * as content from './seed-content.ts';
import {
  type BookPropertyIds,
  STRUCTURE,
  type StructureIds,
  spaceStructures,
  type WeblinkPropertyIds,
} from './structures.ts';
import { type TypedStructureIds, typedStructures } from './typed-structures.ts';
import type {
  EmulatorData,
  LabelOption,
  MediaFile,
  MediaInfo,
  ObjectRecord,
  PersonalTokenRecord,
  PropertyValue,
  SpaceRecord,
} from './types.ts';

/**
 * The seeded demo: one user with a "Demo space" and a "Research space" (2,500 tags). Every id is
 * derived from a readable name (UUIDv5), so the constants exported here are stable and tests can
 * use them directly, e.g. `DEMO.pages.welcome` or `DEMO.labels.taskStatus.doing`.
 */

/** Creation time of the first seeded object; later ones follow a minute apart. */
export const SEED_EPOCH = Date.UTC(2024, 5, 1, 9, 0, 0);

export const DEMO_USER_ID = uuidFromName('user/demo');

export const DEMO_TOKENS = {
  /** Demo space, read + write. */
  demo: 'cap-api-demo',
  /** Demo space, read only. */
  demoReadonly: 'cap-api-demo-readonly',
  /** Research space, read + write. */
  research: 'cap-api-research',
} as const;

export const RESEARCH_TAG_COUNT = 2500;

const FIELDS = [
  'Applied',
  'Behavioral',
  'Cellular',
  'Clinical',
  'Cognitive',
  'Computational',
  'Comparative',
  'Cultural',
  'Digital',
  'Ecological',
  'Economic',
  'Educational',
  'Environmental',
  'Evolutionary',
  'Experimental',
  'Forensic',
  'Genetic',
  'Geographic',
  'Historical',
  'Industrial',
  'Linguistic',
  'Marine',
  'Mathematical',
  'Medical',
  'Molecular',
  'Neural',
  'Nuclear',
  'Organic',
  'Pediatric',
  'Philosophical',
  'Physical',
  'Planetary',
  'Political',
  'Quantum',
  'Regional',
  'Rural',
  'Social',
  'Spatial',
  'Statistical',
  'Structural',
  'Synthetic',
  'Systems',
  'Theoretical',
  'Thermal',
  'Tropical',
  'Urban',
  'Veterinary',
  'Visual',
  'Wildlife',
  'Zonal',
] as const;
const TOPICS = [
  'acoustics',
  'agriculture',
  'algebra',
  'anthropology',
  'archaeology',
  'architecture',
  'astronomy',
  'biology',
  'botany',
  'cartography',
  'chemistry',
  'climatology',
  'cryptography',
  'demography',
  'design',
  'ecology',
  'economics',
  'engineering',
  'epidemiology',
  'ethics',
  'finance',
  'forestry',
  'genomics',
  'geology',
  'geometry',
  'hydrology',
  'immunology',
  'informatics',
  'law',
  'linguistics',
  'logic',
  'mechanics',
  'meteorology',
  'microbiology',
  'mineralogy',
  'networks',
  'neuroscience',
  'nutrition',
  'oceanography',
  'optics',
  'pharmacology',
  'phonetics',
  'physiology',
  'psychology',
  'robotics',
  'seismology',
  'sociology',
  'statistics',
  'topology',
  'toxicology',
] as const;

/** Title of the i-th Research tag (0-based): 50 × 50 distinct "Field topic" names. */
export function researchTagTitle(index: number): string {
  return `${FIELDS[Math.floor(index / TOPICS.length) % FIELDS.length]} ${TOPICS[index % TOPICS.length]}`;
}

export function researchTagId(index: number): string {
  return uuidFromName(`research/tag/${index}`);
}

// ---------------------------------------------------------------------------------------------
// Ids

type Ids<K extends string> = Record<K, string>;

function idsOf<K extends string>(keys: readonly K[], make: (key: K) => string): Ids<K> {
  return Object.fromEntries(keys.map((key) => [key, make(key)])) as Ids<K>;
}

function labelSet<K extends string>(space: string, scope: string, names: Record<K, [string, string]>) {
  const ids = idsOf(Object.keys(names) as K[], (key) => uuidFromName(`${space}/label/${scope}/${key}`));
  const options: LabelOption[] = (Object.entries(names) as [K, [string, string]][]).map(([key, [name, color]]) => ({
    id: ids[key],
    name,
    color,
  }));
  return { ids, options };
}

const DEMO_TAG_TITLES = {
  reading: 'Reading',
  ideas: 'Ideas',
  webDevelopment: 'Web development',
  research: 'Research',
  productivity: 'Productivity',
  design: 'Design',
  javascript: 'JavaScript',
  typescript: 'TypeScript',
  react: 'React',
  accessibility: 'Accessibility',
  climate: 'Climate',
  history: 'History',
  cooking: 'Cooking',
  travel: 'Travel',
  japanese: '日本語',
} as const;

function spaceIds<
  S extends string,
  P extends string,
  T extends string,
  D extends string,
  W extends string,
  B extends string,
  C extends string,
>(
  space: 'demo' | 'research',
  keys: { pages: P[]; tasks: T[]; days: D[]; weblinks: W[]; books: B[]; collections: C[] },
  taskStatus: Record<S, [string, string]>,
) {
  const id = (...parts: string[]) => uuidFromName([space, ...parts].join('/'));
  const weblinkStatus = labelSet(space, 'weblink-status', {
    unread: ['Unread', 'gray'],
    reading: ['Reading', 'blue'],
    done: ['Done', 'green'],
  });
  const weblinkTopics = labelSet(space, 'weblink-topics', {
    docs: ['Docs', 'blue'],
    reference: ['Reference', 'purple'],
    tutorial: ['Tutorial', 'green'],
    news: ['News', 'orange'],
    science: ['Science', 'red'],
  });
  const bookStatus = labelSet(space, 'book-status', {
    wantToRead: ['Want to read', 'gray'],
    reading: ['Reading', 'blue'],
    finished: ['Finished', 'green'],
  });
  const bookGenres = labelSet(space, 'book-genres', {
    fiction: ['Fiction', 'pink'],
    nonFiction: ['Non-fiction', 'gray'],
    science: ['Science', 'red'],
    programming: ['Programming', 'blue'],
    history: ['History', 'yellow'],
    psychology: ['Psychology', 'purple'],
  });
  const recipeCuisine = labelSet(space, 'recipe-cuisine', {
    french: ['French', 'blue'],
    indian: ['Indian', 'orange'],
    italian: ['Italian', 'green'],
    japanese: ['Japanese', 'red'],
    mexican: ['Mexican', 'yellow'],
    middleEastern: ['Middle Eastern', 'brown'],
  });
  const tasks = labelSet(space, 'task-status', taskStatus);
  return {
    spaceId: id('space'),
    structures: {
      book: id('structure', 'book'),
      paper: id('structure', 'paper'),
      person: id('structure', 'person'),
      recipe: id('structure', 'recipe'),
      video: id('structure', 'video'),
    },
    properties: {
      weblink: idsOf(['status', 'topics', 'readOn', 'rating', 'favourite', 'source'] as const, (key) =>
        id('property', 'weblink', key),
      ),
      book: idsOf(
        [
          'author',
          'status',
          'genres',
          'published',
          'lastOpened',
          'pages',
          'owned',
          'link',
          'summary',
          'related',
          'isbn',
        ] as const,
        (key) => id('property', 'book', key),
      ),
      paper: idsOf(['authors', 'published', 'journal', 'doi', 'url', 'pdf', 'abstract'] as const, (key) =>
        id('property', 'paper', key),
      ),
      person: idsOf(['affiliation', 'website'] as const, (key) => id('property', 'person', key)),
      recipe: idsOf(['source', 'ingredients', 'servings', 'totalTime', 'cuisine'] as const, (key) =>
        id('property', 'recipe', key),
      ),
      video: idsOf(['url', 'speaker', 'channel', 'duration', 'published'] as const, (key) =>
        id('property', 'video', key),
      ),
    },
    labels: {
      weblinkStatus: weblinkStatus.ids,
      weblinkTopics: weblinkTopics.ids,
      bookStatus: bookStatus.ids,
      bookGenres: bookGenres.ids,
      recipeCuisine: recipeCuisine.ids,
      taskStatus: tasks.ids,
    },
    labelSets: {
      weblinkStatus: weblinkStatus.options,
      weblinkTopics: weblinkTopics.options,
      bookStatus: bookStatus.options,
      bookGenres: bookGenres.options,
      recipeCuisine: recipeCuisine.options,
      taskStatus: tasks.options,
    },
    pages: idsOf(keys.pages, (key) => id('page', key)),
    tasks: idsOf(keys.tasks, (key) => id('task', key)),
    dailyNotes: idsOf(keys.days, (day) => dailyNoteIdFor(id('space'), day)),
    weblinks: idsOf(keys.weblinks, (key) => id('weblink', key)),
    books: idsOf(keys.books, (key) => id('book', key)),
    collections: idsOf(keys.collections, (key) => id('collection', key)),
  };
}

/** Id of the daily note of `day` (YYYY-MM-DD) in a space, also used when an append creates one. */
export function dailyNoteIdFor(spaceId: string, day: string): string {
  return uuidFromName(`${spaceId}/daily-note/${day}`);
}

const demoIds = spaceIds(
  'demo',
  {
    pages: ['welcome', 'showcase', 'readingNotes', 'projectIdeas', 'meetingNotes', 'multilingual', 'recipe', 'empty'],
    tasks: ['weeklyReview', 'loginBug', 'trainTickets', 'readChapter', 'planDemo'],
    days: ['2024-06-10', '2024-06-11', '2024-06-12'],
    weblinks: ['mdn', 'markdownGuide', 'ariaPractices', 'hono', 'ipcc', 'hebrewWikipedia'],
    books: ['pragmatic', 'ddia', 'thinkingFast'],
    collections: ['readingList', 'research', 'shelf', 'projects', 'paperClub'],
  },
  { todo: ['To do', 'gray'], doing: ['Doing', 'blue'], done: ['Done', 'green'], blocked: ['Blocked', 'red'] },
);

/** Ids of the Demo space (main space of the demo; tokens `cap-api-demo` and `cap-api-demo-readonly`). */
export const DEMO = {
  ...demoIds,
  tags: idsOf(Object.keys(DEMO_TAG_TITLES) as (keyof typeof DEMO_TAG_TITLES)[], (key) =>
    uuidFromName(`demo/tag/${key}`),
  ),
  media: {
    whiteboard: uuidFromName('demo/image/whiteboard'),
    screenshot: uuidFromName('demo/image/screenshot'),
    paper: uuidFromName('demo/pdf/paper'),
  },
  /** Ada Lovelace is the one author of a three-author paper already in the space (issue #24's flows). */
  people: {
    ada: uuidFromName('demo/person/ada'),
    engelbart: uuidFromName('demo/person/engelbart'),
  },
  papers: { analyticalEngine: uuidFromName('demo/paper/analytical-engine') },
  recipes: { lentilSoup: uuidFromName('demo/recipe/lentil-soup') },
  videos: { motherOfAllDemos: uuidFromName('demo/video/mother-of-all-demos') },
};

/** Ids of the Research space (token `cap-api-research`); its tags are `researchTagId(0…2499)`. */
export const RESEARCH = spaceIds(
  'research',
  {
    pages: ['literatureReview', 'methods', 'openQuestions'],
    tasks: ['draftIntro', 'collectData', 'submitAbstract'],
    days: ['2024-06-12'],
    weblinks: ['attention', 'bert'],
    books: ['structureOfRevolutions'],
    collections: ['papers', 'toRead', 'shelf'],
  },
  { notStarted: ['Not started', 'gray'], inProgress: ['In progress', 'blue'], done: ['Done', 'green'] },
);

/** The part of a space's ids that its structures are built from. */
interface StructureSource {
  structures: { book: string; paper: string; person: string; recipe: string; video: string };
  properties: {
    weblink: WeblinkPropertyIds;
    book: BookPropertyIds;
    paper: TypedStructureIds['paperProps'];
    person: TypedStructureIds['personProps'];
    recipe: TypedStructureIds['recipeProps'];
    video: TypedStructureIds['videoProps'];
  };
  labelSets: Record<
    'weblinkStatus' | 'weblinkTopics' | 'bookStatus' | 'bookGenres' | 'recipeCuisine' | 'taskStatus',
    LabelOption[]
  >;
}

function typedStructureIds(ids: StructureSource): TypedStructureIds {
  return {
    ...ids.structures,
    paperProps: ids.properties.paper,
    personProps: ids.properties.person,
    recipeProps: ids.properties.recipe,
    recipeCuisine: ids.labelSets.recipeCuisine,
    videoProps: ids.properties.video,
  };
}

function structureIds(ids: StructureSource): StructureIds {
  return {
    book: ids.structures.book,
    weblinkProps: ids.properties.weblink,
    weblinkStatus: ids.labelSets.weblinkStatus,
    weblinkTopics: ids.labelSets.weblinkTopics,
    bookProps: ids.properties.book,
    bookStatus: ids.labelSets.bookStatus,
    bookGenres: ids.labelSets.bookGenres,
    taskStatus: ids.labelSets.taskStatus,
  };
}

// ---------------------------------------------------------------------------------------------
// Value helpers

const v = {
  title: (value: string): PropertyValue => ({ type: 'title', title: { value } }),
  text: (value: string): PropertyValue => ({ type: 'text', text: { value } }),
  url: (value: string): PropertyValue => ({ type: 'url', url: { value } }),
  number: (value: number): PropertyValue => ({ type: 'number', number: { value } }),
  boolean: (value: boolean): PropertyValue => ({ type: 'boolean', boolean: { value } }),
  day: (day: string): PropertyValue => ({
    type: 'date',
    date: { dateResolution: 'day', start: `${day}T00:00:00.000Z`, end: null },
  }),
  time: (iso: string): PropertyValue => ({ type: 'date', date: { dateResolution: 'time', start: iso, end: null } }),
  labels: (...ids: string[]): PropertyValue => ({ type: 'label', label: ids.map((id) => ({ id })) }),
  entities: (...ids: string[]): PropertyValue => ({ type: 'entity', entity: ids.map((id) => ({ id })) }),
  richText: (text: string): PropertyValue => ({
    type: 'richText',
    richText: { tokens: [{ type: 'TextToken', text }] },
  }),
};

interface AddOptions {
  markdown?: string;
  collections?: string[];
  collectionOf?: string;
  files?: MediaFile[];
  media?: MediaInfo;
}

/** Collects the objects of one space, a minute apart, with deterministic block ids. */
class SpaceBuilder {
  readonly objects: ObjectRecord[] = [];
  readonly space: SpaceRecord;
  #time: number;

  constructor(space: SpaceRecord, startTime: number) {
    this.space = space;
    this.#time = startTime;
  }

  add(id: string, structureId: string, properties: Record<string, PropertyValue>, options: AddOptions = {}): void {
    const structure = this.space.structures.find((candidate) => candidate.id === structureId);
    const blocks: ObjectRecord['blocks'] = {};
    if (options.markdown !== undefined && structure?.contentPropertyId) {
      let counter = 0;
      blocks[structure.contentPropertyId] = markdownToBlocks(options.markdown, () =>
        uuidFromName(`${id}/block/${counter++}`),
      );
    }
    this.#time += 60_000;
    const record: ObjectRecord = {
      id,
      spaceId: this.space.id,
      structureId,
      properties,
      blocks,
      collections: options.collections ?? [],
      createdAt: this.#time,
      updatedAt: this.#time,
      trashedAt: null,
    };
    if (options.collectionOf) record.collectionOf = options.collectionOf;
    if (options.files) record.files = options.files;
    if (options.media) record.media = options.media;
    this.objects.push(record);
  }
}

function newSpace(id: string, title: string, ids: StructureSource): SpaceRecord {
  const structures = [...spaceStructures(structureIds(ids)), ...typedStructures(typedStructureIds(ids))];
  return { id, title, ownerId: DEMO_USER_ID, structures };
}

/** The Demo space has an icon, the Research space none, so both forms of the published `GET /space` occur. */
const DEMO_SPACE_ICON = { type: 'emoji', val: '🗂️' } as const;

function seedDemo(): { space: SpaceRecord; objects: ObjectRecord[] } {
  const d = DEMO;
  const b = new SpaceBuilder({ ...newSpace(d.spaceId, 'Demo space', d), icon: { ...DEMO_SPACE_ICON } }, SEED_EPOCH);
  const wp = d.properties.weblink;
  const bp = d.properties.book;

  for (const [key, title] of Object.entries(DEMO_TAG_TITLES)) {
    b.add(d.tags[key as keyof typeof DEMO_TAG_TITLES], STRUCTURE.tag, { title: v.title(title) });
  }

  b.add(
    d.collections.readingList,
    STRUCTURE.collection,
    { title: v.title('Reading list') },
    { collectionOf: STRUCTURE.weblink },
  );
  b.add(
    d.collections.research,
    STRUCTURE.collection,
    { title: v.title('Research') },
    { collectionOf: STRUCTURE.weblink },
  );
  b.add(d.collections.shelf, STRUCTURE.collection, { title: v.title('Shelf') }, { collectionOf: d.structures.book });
  b.add(d.collections.projects, STRUCTURE.collection, { title: v.title('Projects') }, { collectionOf: STRUCTURE.page });

  const page = (
    id: string,
    title: string,
    markdown: string | undefined,
    tagIds: string[] = [],
    collections: string[] = [],
  ) => b.add(id, STRUCTURE.page, { title: v.title(title), tags: v.entities(...tagIds) }, { markdown, collections });
  page(d.pages.welcome, 'Welcome to the demo space', content.WELCOME, [d.tags.ideas]);
  page(d.pages.showcase, 'Markdown showcase', content.SHOWCASE, [d.tags.webDevelopment]);
  page(d.pages.readingNotes, 'Reading notes: The Pragmatic Programmer', content.READING_NOTES, [d.tags.reading]);
  page(
    d.pages.projectIdeas,
    'Project ideas',
    content.PROJECT_IDEAS,
    [d.tags.ideas, d.tags.productivity],
    [d.collections.projects],
  );
  page(d.pages.meetingNotes, 'Meeting notes — Q3 planning', content.MEETING_NOTES, [], [d.collections.projects]);
  page(d.pages.multilingual, 'Multilingual notes', content.MULTILINGUAL, [d.tags.japanese]);
  page(d.pages.recipe, 'Recipe: Shakshuka', content.RECIPE, [d.tags.cooking]);
  page(d.pages.empty, 'Empty page', undefined);

  const s = d.labels.taskStatus;
  const task = (id: string, title: string, status: string, due: string | null, tagIds: string[], markdown?: string) => {
    const properties: Record<string, PropertyValue> = {
      title: v.title(title),
      status: v.labels(status),
      tags: v.entities(...tagIds),
    };
    if (due) properties.dueDate = v.day(due);
    b.add(id, STRUCTURE.task, properties, { markdown });
  };
  task(
    d.tasks.weeklyReview,
    'Write the weekly review',
    s.doing,
    '2024-06-14',
    [d.tags.productivity],
    content.TASK_WEEKLY_REVIEW,
  );
  task(d.tasks.loginBug, 'Fix the login bug', s.blocked, null, [d.tags.javascript], content.TASK_LOGIN_BUG);
  task(d.tasks.trainTickets, 'Book train tickets', s.todo, '2024-06-20', [d.tags.travel]);
  task(d.tasks.readChapter, 'Read chapter 3', s.done, '2024-06-12', [d.tags.reading]);
  task(d.tasks.planDemo, 'Plan the demo', s.todo, null, []);

  for (const [day, markdown] of Object.entries(content.DAILY_NOTES)) {
    b.add(dailyNoteIdFor(d.spaceId, day), STRUCTURE.dailyNote, { title: v.title(day), date: v.day(day) }, { markdown });
  }

  const ws = d.labels.weblinkStatus;
  const wt = d.labels.weblinkTopics;
  const weblink = (
    id: string,
    title: string,
    url: string,
    properties: Record<string, PropertyValue>,
    options: AddOptions,
  ) => b.add(id, STRUCTURE.weblink, { title: v.title(title), url: v.url(url), ...properties }, options);
  weblink(
    d.weblinks.mdn,
    'MDN Web Docs',
    'https://developer.mozilla.org/',
    {
      tags: v.entities(d.tags.webDevelopment, d.tags.javascript),
      description: v.text('Documentation of the web platform.'),
      [wp.status]: v.labels(ws.reading),
      [wp.topics]: v.labels(wt.docs, wt.reference),
      [wp.readOn]: v.day('2024-06-03'),
      [wp.rating]: v.number(5),
      [wp.favourite]: v.boolean(true),
      [wp.source]: v.url('https://developer.mozilla.org/en-US/about'),
    },
    { markdown: content.WEBLINK_NOTES.mdn, collections: [d.collections.readingList] },
  );
  weblink(
    d.weblinks.markdownGuide,
    'The Markdown Guide',
    'https://www.markdownguide.org/',
    { [wp.status]: v.labels(ws.unread), [wp.topics]: v.labels(wt.tutorial), tags: v.entities(d.tags.reading) },
    { markdown: content.WEBLINK_NOTES.markdownGuide, collections: [d.collections.readingList] },
  );
  weblink(
    d.weblinks.ariaPractices,
    'ARIA Authoring Practices Guide',
    'https://www.w3.org/WAI/ARIA/apg/',
    { tags: v.entities(d.tags.accessibility, d.tags.design), [wp.status]: v.labels(ws.done), [wp.rating]: v.number(4) },
    { markdown: content.WEBLINK_NOTES.ariaPractices, collections: [d.collections.research, d.collections.readingList] },
  );
  weblink(
    d.weblinks.hono,
    'Hono - Web framework built on Web Standards',
    'https://hono.dev/',
    { tags: v.entities(d.tags.typescript) },
    {},
  );
  weblink(
    d.weblinks.ipcc,
    'AR6 Synthesis Report: Climate Change 2023',
    'https://www.ipcc.ch/report/ar6/syr/',
    { tags: v.entities(d.tags.climate, d.tags.research), [wp.topics]: v.labels(wt.science) },
    { collections: [d.collections.research] },
  );
  weblink(
    d.weblinks.hebrewWikipedia,
    'ויקיפדיה: האנציקלופדיה החופשית',
    'https://he.wikipedia.org/wiki/%D7%A2%D7%9E%D7%95%D7%93_%D7%A8%D7%90%D7%A9%D7%99',
    { tags: v.entities(d.tags.history) },
    { markdown: content.WEBLINK_NOTES.hebrewWikipedia },
  );

  const bs = d.labels.bookStatus;
  const bg = d.labels.bookGenres;
  b.add(
    d.books.pragmatic,
    d.structures.book,
    {
      title: v.title('The Pragmatic Programmer'),
      tags: v.entities(d.tags.reading),
      [bp.author]: v.text('David Thomas, Andrew Hunt'),
      [bp.status]: v.labels(bs.reading),
      [bp.genres]: v.labels(bg.programming, bg.nonFiction),
      [bp.published]: v.day('1999-10-20'),
      [bp.lastOpened]: v.time('2024-06-12T07:45:00.000Z'),
      [bp.pages]: v.number(352),
      [bp.owned]: v.boolean(true),
      [bp.link]: v.url('https://pragprog.com/titles/tpp20/'),
      [bp.summary]: v.richText('Practical advice for software developers.'),
      [bp.related]: v.entities(d.pages.readingNotes),
    },
    { markdown: 'Second edition, 2019.', collections: [d.collections.shelf] },
  );
  b.add(
    d.books.ddia,
    d.structures.book,
    {
      title: v.title('Designing Data-Intensive Applications'),
      [bp.author]: v.text('Martin Kleppmann'),
      [bp.status]: v.labels(bs.wantToRead),
      [bp.genres]: v.labels(bg.programming),
      [bp.pages]: v.number(616),
      [bp.owned]: v.boolean(false),
    },
    { collections: [d.collections.shelf] },
  );
  b.add(d.books.thinkingFast, d.structures.book, {
    title: v.title('Thinking, Fast and Slow'),
    [bp.author]: v.text('Daniel Kahneman'),
    [bp.status]: v.labels(bs.finished),
    [bp.genres]: v.labels(bg.psychology, bg.nonFiction),
    [bp.related]: v.entities(d.books.pragmatic),
  });

  b.add(
    d.media.whiteboard,
    STRUCTURE.image,
    { title: v.title('Whiteboard after the planning meeting'), tags: v.entities(d.tags.ideas) },
    {
      files: [{ name: 'whiteboard.png', mimeType: 'image/png', size: 68 }],
      media: {
        state: 'full',
        ocrText: 'Q3 goals\n1. Clipper beta\n2. Emulator parity',
        colors: [
          { name: 'white', hex: '#F5F5F0' },
          { name: 'blue', hex: '#2B5FAA' },
        ],
      },
    },
  );
  b.add(
    d.media.screenshot,
    STRUCTURE.image,
    { title: v.title('Screenshot (analysis still running)') },
    {
      files: [{ name: 'screenshot.png', mimeType: 'image/png', size: 68 }],
      media: { state: 'processing', ocrText: '', colors: [] },
    },
  );
  b.add(
    d.media.paper,
    STRUCTURE.pdf,
    { title: v.title('Paper: On the Criteria To Be Used in Decomposing Systems into Modules') },
    {
      files: [{ name: 'parnas-1972.pdf', mimeType: 'application/pdf', size: 67 }],
    },
  );

  seedTypedObjects(b);
  return { space: b.space, objects: b.objects };
}

/** Objects of the custom types, after every other so the older objects keep their times. */
function seedTypedObjects(b: SpaceBuilder): void {
  const d = DEMO;
  const pa = d.properties.paper;
  const pe = d.properties.person;
  const r = d.properties.recipe;
  const vp = d.properties.video;
  b.add(
    d.collections.paperClub,
    STRUCTURE.collection,
    { title: v.title('Paper club') },
    { collectionOf: d.structures.paper },
  );
  b.add(d.people.ada, d.structures.person, {
    title: v.title('Ada Lovelace'),
    [pe.website]: v.url('https://en.wikipedia.org/wiki/Ada_Lovelace'),
  });
  b.add(d.people.engelbart, d.structures.person, {
    title: v.title('Douglas Engelbart'),
    [pe.affiliation]: v.text('Stanford Research Institute'),
  });
  b.add(
    d.papers.analyticalEngine,
    d.structures.paper,
    {
      title: v.title('Sketch of the Analytical Engine'),
      [pa.authors]: v.entities(d.people.ada),
      [pa.published]: v.day('1843-10-01'),
      [pa.journal]: v.text('Scientific Memoirs'),
      [pa.url]: v.url('https://www.fourmilab.ch/babbage/sketch.html'),
    },
    { markdown: 'Note G computes the Bernoulli numbers.', collections: [d.collections.paperClub] },
  );
  b.add(
    d.recipes.lentilSoup,
    d.structures.recipe,
    {
      title: v.title('Red lentil soup'),
      [r.source]: v.url('https://recipes.example.org/red-lentil-soup'),
      [r.ingredients]: v.text('200 g red lentils\n1 onion\n1 l vegetable stock\n1 tsp cumin'),
      [r.servings]: v.number(4),
      [r.totalTime]: v.number(40),
      [r.cuisine]: v.labels(d.labels.recipeCuisine.middleEastern),
    },
    { markdown: 'Blend half of it for a creamier soup.' },
  );
  b.add(d.videos.motherOfAllDemos, d.structures.video, {
    title: v.title('The Mother of All Demos'),
    [vp.url]: v.url('https://videos.example.org/mother-of-all-demos'),
    [vp.speaker]: v.entities(d.people.engelbart),
    [vp.channel]: v.text('SRI International'),
    [vp.duration]: v.number(100),
    [vp.published]: v.day('1968-12-09'),
  });
}

function seedResearch(): { space: SpaceRecord; objects: ObjectRecord[] } {
  const r = RESEARCH;
  // Start after the Demo space so the two spaces' objects do not interleave in time.
  const b = new SpaceBuilder(newSpace(r.spaceId, 'Research space', r), SEED_EPOCH + 86_400_000);
  for (let index = 0; index < RESEARCH_TAG_COUNT; index++) {
    b.add(researchTagId(index), STRUCTURE.tag, { title: v.title(researchTagTitle(index)) });
  }
  b.add(r.collections.papers, STRUCTURE.collection, { title: v.title('Papers') }, { collectionOf: STRUCTURE.weblink });
  b.add(r.collections.toRead, STRUCTURE.collection, { title: v.title('To read') }, { collectionOf: STRUCTURE.weblink });
  b.add(r.collections.shelf, STRUCTURE.collection, { title: v.title('Shelf') }, { collectionOf: r.structures.book });

  b.add(
    r.pages.literatureReview,
    STRUCTURE.page,
    { title: v.title('Literature review'), tags: v.entities(researchTagId(5)) },
    {
      markdown: content.LITERATURE_REVIEW,
    },
  );
  b.add(
    r.pages.methods,
    STRUCTURE.page,
    { title: v.title('Methods'), tags: v.entities(researchTagId(47)) },
    { markdown: content.METHODS },
  );
  b.add(
    r.pages.openQuestions,
    STRUCTURE.page,
    { title: v.title('Open questions') },
    { markdown: '- Which corpora are licensed for reuse?' },
  );

  const s = r.labels.taskStatus;
  b.add(r.tasks.draftIntro, STRUCTURE.task, {
    title: v.title('Draft the introduction'),
    status: v.labels(s.inProgress),
  });
  b.add(r.tasks.collectData, STRUCTURE.task, {
    title: v.title('Collect the datasets'),
    status: v.labels(s.notStarted),
  });
  b.add(r.tasks.submitAbstract, STRUCTURE.task, {
    title: v.title('Submit the abstract'),
    status: v.labels(s.done),
    dueDate: v.day('2024-05-31'),
  });

  b.add(
    dailyNoteIdFor(r.spaceId, '2024-06-12'),
    STRUCTURE.dailyNote,
    { title: v.title('2024-06-12'), date: v.day('2024-06-12') },
    {
      markdown: content.RESEARCH_DAILY_NOTE,
    },
  );

  const wp = r.properties.weblink;
  b.add(
    r.weblinks.attention,
    STRUCTURE.weblink,
    {
      title: v.title('Attention Is All You Need'),
      url: v.url('https://arxiv.org/abs/1706.03762'),
      tags: v.entities(researchTagId(1), researchTagId(2)),
      [wp.status]: v.labels(r.labels.weblinkStatus.done),
      [wp.topics]: v.labels(r.labels.weblinkTopics.science),
    },
    { markdown: content.WEBLINK_NOTES.attention, collections: [r.collections.papers] },
  );
  b.add(
    r.weblinks.bert,
    STRUCTURE.weblink,
    {
      title: v.title('BERT: Pre-training of Deep Bidirectional Transformers'),
      url: v.url('https://arxiv.org/abs/1810.04805'),
    },
    { collections: [r.collections.toRead] },
  );
  b.add(
    r.books.structureOfRevolutions,
    r.structures.book,
    {
      title: v.title('The Structure of Scientific Revolutions'),
      [r.properties.book.author]: v.text('Thomas S. Kuhn'),
      [r.properties.book.status]: v.labels(r.labels.bookStatus.finished),
    },
    { collections: [r.collections.shelf] },
  );

  return { space: b.space, objects: b.objects };
}

/** A fresh copy of the demo data (a new JWT secret unless one is given). */
export function buildSeed(jwtSecret: string = randomBytes(32).toString('base64url')): EmulatorData {
  const demo = seedDemo();
  const research = seedResearch();
  const token = (value: string, spaceId: string, write: boolean): PersonalTokenRecord => ({
    token: value,
    spaceId,
    userId: DEMO_USER_ID,
    scopes: write ? ['api:read', 'api:write'] : ['api:read'],
    createdAt: SEED_EPOCH,
    expiresAt: null,
    revoked: false,
  });
  return {
    formatVersion: 1,
    jwtSecret,
    users: [{ id: DEMO_USER_ID, name: 'Demo User', email: 'demo@example.com' }],
    spaces: [demo.space, research.space],
    objects: [...demo.objects, ...research.objects],
    personalTokens: [
      token(DEMO_TOKENS.demo, DEMO.spaceId, true),
      token(DEMO_TOKENS.demoReadonly, DEMO.spaceId, false),
      token(DEMO_TOKENS.research, RESEARCH.spaceId, true),
    ],
    connections: [],
    refreshTokens: [],
  };
}

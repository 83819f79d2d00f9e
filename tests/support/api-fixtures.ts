/** Wire payloads shaped like the emulator's answers (tests/emulator/README.md), for unit tests. */

export const OBJECT_ID = '6f1c9a52-8d3e-4b7a-9f21-3c5d7e8a9b10';
export const TAG_ID = '0b7e2d44-1a9c-4e58-8f3b-6d2c1e0a9f77';

export const wireObject = {
  id: OBJECT_ID,
  structureId: 'MediaWebResource',
  collections: [],
  properties: {
    title: { type: 'title', title: { value: 'A page' } },
    url: { type: 'url', url: { value: 'https://example.com/a' } },
    tags: { type: 'entity', entity: [{ id: TAG_ID }] },
    createdAt: { type: 'createdAt', createdAt: { value: '2024-05-01T10:00:00.000Z' } },
  },
  blocks: {
    notes: [
      {
        id: 'b1',
        type: 'TextBlock',
        tokens: [{ type: 'TextToken', text: 'Hello' }],
        blocks: [],
        hierarchy: { key: 'base', val: 0 },
      },
    ],
  },
};

export const wireStructure = {
  id: 'MediaWebResource',
  title: 'Weblink',
  pluralName: 'Weblinks',
  labelColor: 'blue',
  collections: [{ id: 'c1', title: 'Reading list', extra: true }],
  propertyDefinitions: [
    { id: 'title', name: 'Title', type: 'title', writable: true },
    { id: 'tags', name: 'Tags', type: 'entity', writable: true, allowedStructureIds: ['RootTag'] },
    {
      id: 'status',
      name: 'Status',
      type: 'label',
      writable: true,
      multiple: false,
      labelSet: [
        { id: 'todo', name: 'To do', color: 'grey' },
        { id: 'done', name: 'Done' },
      ],
    },
    { id: 'published', name: 'Published', type: 'date', writable: true, dateResolution: 'day' },
    { id: 'notes', name: 'Notes', type: 'blocks', writable: false },
  ],
};

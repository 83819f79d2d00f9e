import type { FieldDefinition } from '@/lib/fields/field-definition';

/** A weblink structure's definitions as the form sees them: every editable type and the ones it must skip. */
export const definitions: FieldDefinition[] = [
  { id: 'title', name: 'Title', type: 'title', writable: true },
  { id: 'tags', name: 'Tags', type: 'entity', writable: true },
  { id: 'summary', name: 'Summary', type: 'text', writable: true },
  { id: 'rating', name: 'Rating', type: 'number', writable: true },
  { id: 'read', name: 'Read', type: 'boolean', writable: true },
  { id: 'source', name: 'Source', type: 'url', writable: true },
  { id: 'due', name: 'Due', type: 'date', writable: true, dateResolution: 'day' },
  { id: 'remind', name: 'Remind me', type: 'date', writable: true, dateResolution: 'time' },
  {
    id: 'priority',
    name: 'Priority',
    type: 'label',
    writable: true,
    multiple: false,
    labelSet: [
      { id: 'low', name: 'Low' },
      { id: 'high', name: 'High', color: 'red' },
    ],
  },
  {
    id: 'topics',
    name: 'Topics',
    type: 'label',
    writable: true,
    multiple: true,
    labelSet: [
      { id: 'art', name: 'Art' },
      { id: 'science', name: 'Science' },
    ],
  },
  { id: 'project', name: 'Project', type: 'entity', writable: true, allowedStructureIds: ['RootPage'] },
  { id: 'createdAt', name: 'Created', type: 'createdAt', writable: false },
  { id: 'updated', name: 'Updated', type: 'lastUpdatedAt', writable: false },
  { id: 'body', name: 'Body', type: 'blocks', writable: true },
  { id: 'rich', name: 'Rich', type: 'richText', writable: true },
  { id: 'locked', name: 'Locked note', type: 'text', writable: false },
];

import { describe, expect, it } from 'vitest';
import { dateValue, labelValue, numberValue, textValue } from '@/lib/api';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import { appliedPaperRule } from '@/tests/support/applied-rule';
import { ruleDefinitions, ruleFieldValues } from './rule-fields';

const paper: SpaceStructure = {
  id: 'paper',
  title: 'Paper',
  propertyDefinitions: [
    { id: 'title', name: 'Title', type: 'title', writable: true },
    { id: 'journal', name: 'Journal', type: 'text', writable: true },
    { id: 'pages', name: 'Pages', type: 'number', writable: true },
    { id: 'published', name: 'Published', type: 'date', writable: true, dateResolution: 'day' },
    { id: 'kind', name: 'Kind', type: 'label', writable: true, labelSet: [{ id: 'pre', name: 'Preprint' }] },
    { id: 'authors', name: 'Authors', type: 'entity', writable: true, multiple: true },
    { id: 'editors', name: 'Editors', type: 'entity', writable: true, multiple: true },
    { id: 'added', name: 'Added', type: 'createdAt', writable: false },
  ],
};

const applied = appliedPaperRule({
  properties: {
    journal: textValue('Journal of Computing History'),
    pages: numberValue(12),
    published: dateValue({ start: '2021-03-15', resolution: 'day' }),
    kind: labelValue([{ id: 'pre', name: 'Preprint' }]),
  },
  links: [{ propertyId: 'authors', propertyName: 'Authors', structureIds: [], multiple: true, names: ['Ada'] }],
});

describe('the rule’s fields in the popup’s "Properties"', () => {
  it('are the type’s writable fields but those the rule links by name; none of their own for a weblink rule', () => {
    expect(ruleDefinitions(applied, [paper])?.map(({ id }) => id)).toEqual([
      'journal',
      'pages',
      'published',
      'kind',
      'editors',
    ]);
    expect(ruleDefinitions({ ...applied, target: { kind: 'weblink' } }, [paper])).toBeNull();
    expect(ruleDefinitions(null, [paper])).toBeNull();
  });

  it('start from what the rule computed, as the controls show it, and from nothing else for a typed object', () => {
    const definitions = ruleDefinitions(applied, [paper]) ?? [];
    expect(ruleFieldValues(definitions, applied.properties, true)).toEqual({
      journal: { type: 'text', text: 'Journal of Computing History' },
      pages: { type: 'number', raw: '12' },
      published: { type: 'date', value: '2021-03-15' },
      kind: { type: 'label', ids: ['pre'] },
      editors: { type: 'entity', items: [] },
    });
    expect(ruleFieldValues(definitions, { journal: textValue('J') }, false)).toEqual({
      journal: { type: 'text', text: 'J' },
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { draftFromRule, moveRule, ruleFromDraft } from './rule-draft';

/** The space the rule is opened in: its Paper type has other ids than the space it was made in. */
const HERE: SpaceStructure[] = [
  { id: 'MediaWebResource', title: 'Weblink', propertyDefinitions: [] },
  {
    id: 'p-2',
    title: 'Paper',
    propertyDefinitions: [{ id: 'authors-2', name: 'Authors', type: 'entity', writable: true }],
    collections: [{ id: 'c-2', title: 'Papers' }],
  },
];

const IMPORTED: CaptureRule = {
  id: 'paper',
  name: 'Paper',
  enabled: true,
  match: { types: ['ScholarlyArticle'], future: 'kept' } as CaptureRule['match'],
  target: { kind: 'object', structureId: 'p-1', structureTitle: 'Paper' },
  fields: {
    'authors-1': { source: 'authors', property: 'Authors' },
    'gone-1': { source: 'doi', property: 'DOI' },
  },
  tags: [{ id: 't-1', title: 'Papers' }],
  collection: { id: 'c-1', title: 'Papers' },
};

describe('a rule made in another space', () => {
  it('opens on this space’s type, properties and collection, found by their titles', () => {
    const draft = draftFromRule(IMPORTED, HERE);
    expect(draft.target).toBe('p-2');
    expect(Object.keys(draft.fields)).toEqual(['authors-2', 'gone-1']);
    expect(draft.collectionId).toBe('c-2');
  });

  it('is saved with this space’s ids, keeping what this space lacks and what it does not know', () => {
    const check = ruleFromDraft(draftFromRule(IMPORTED, HERE), IMPORTED, HERE);
    expect(check).toEqual({
      ok: true,
      rule: {
        ...IMPORTED,
        match: { types: ['ScholarlyArticle'], future: 'kept' },
        target: { kind: 'object', structureId: 'p-2', structureTitle: 'Paper' },
        fields: {
          'authors-2': { source: 'authors', property: 'Authors' },
          'gone-1': { source: 'doi', property: 'DOI' },
        },
        collection: { id: 'c-2', title: 'Papers' },
        notesTemplate: '',
        keep: 'link',
        createMissing: false,
      },
    });
  });

  it('keeps its type and collection when this space has no such type', () => {
    const elsewhere = HERE.slice(0, 1);
    const check = ruleFromDraft(draftFromRule(IMPORTED, elsewhere), IMPORTED, elsewhere);
    expect(check.ok && check.rule.target).toEqual(IMPORTED.target);
    expect(check.ok && check.rule.collection).toEqual(IMPORTED.collection);
    expect(check.ok && check.rule.fields).toEqual(IMPORTED.fields);
  });
});

describe('a refused draft', () => {
  it('names the control of the first wrong field', () => {
    const draft = { ...draftFromRule(IMPORTED, HERE), name: ' ' };
    expect(ruleFromDraft(draft, IMPORTED, HERE)).toEqual({
      ok: false,
      errors: { name: 'name: expected a non-empty text' },
      first: 'name',
    });
    const field = { ...draftFromRule(IMPORTED, HERE), fields: { 'authors-2': { source: 'meta', name: '' } } };
    expect(ruleFromDraft(field as never, IMPORTED, HERE)).toMatchObject({ ok: false, first: 'field:authors-2' });
  });
});

describe('moveRule', () => {
  it('moves one place and never past either end', () => {
    expect(moveRule(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveRule(['a', 'b', 'c'], 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveRule(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveRule(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

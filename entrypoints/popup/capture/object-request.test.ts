import { describe, expect, it } from 'vitest';
import { urlValue } from '@/lib/api';
import { appliedPaperRule } from '@/tests/support/applied-rule';
import { linkKey, objectRequest } from './object-request';
import type { ResolvedLink } from './use-capture';

const applied = appliedPaperRule({
  properties: { url: urlValue('https://example.com/p') },
  collection: { id: 'col', title: 'Papers' },
});

const authors: ResolvedLink = {
  propertyId: 'authors',
  propertyName: 'Authors',
  outcomes: [
    { name: 'Ada Lovelace', found: { id: 'ada', structureId: 'person', title: 'Ada Lovelace' } },
    { name: 'Grace Hopper', create: { structureId: 'person', title: 'Grace Hopper' } },
    { name: 'Alan Turing', create: { structureId: 'person', title: 'Alan Turing' } },
  ],
};

describe('the typed object a rule saves from the popup', () => {
  it('links the names found and the ones confirmed, in the page’s order, leaves the others out, and sends the fields as left', () => {
    const request = objectRequest(applied, 'paper', [authors], new Set([linkKey('authors', 'Alan Turing')]), {
      url: 'https://example.com/p',
      title: 'Notes, edited',
      tags: [{ kind: 'new', title: 'History' }],
      notes: 'Read it.',
      properties: { url: urlValue('https://example.com/p/edited') },
    });
    expect(request).toEqual({
      kind: 'object',
      structureId: 'paper',
      url: 'https://example.com/p',
      title: 'Notes, edited',
      tags: [{ kind: 'new', title: 'History' }],
      properties: { url: urlValue('https://example.com/p/edited') },
      links: [{ propertyId: 'authors', items: [{ id: 'ada' }, { structureId: 'person', title: 'Alan Turing' }] }],
      collections: ['col'],
      notes: 'Read it.',
      existingObjectIds: [],
    });
  });
});

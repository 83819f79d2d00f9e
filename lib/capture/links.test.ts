import { describe, expect, it } from 'vitest';
import { type FoundObject, type LinkRequest, resolveLinks } from './links';

const request: LinkRequest = {
  propertyId: 'authors',
  propertyName: 'Authors',
  structureIds: ['person'],
  multiple: true,
  names: ['Ada Lovelace', 'Grace Hopper', 'Charles Babbage'],
};

const objects: FoundObject[] = [
  { id: 'p1', structureId: 'person', title: 'Lovelace, Ada' },
  // The same name, but of a type the property may not link to.
  { id: 'o1', structureId: 'organisation', title: 'Grace Hopper' },
  { id: 'p2', structureId: 'person', title: 'Charles Babbage' },
  { id: 'p3', structureId: 'person', title: 'Charles Babbage' },
];

describe('linking names to objects', () => {
  it('links the objects found, of an allowed type, and offers the rest to create as the first allowed type', () => {
    expect(resolveLinks(request, objects)).toEqual([
      { name: 'Ada Lovelace', found: objects[0] },
      { name: 'Grace Hopper', create: { structureId: 'person', title: 'Grace Hopper' } },
      { name: 'Charles Babbage', found: objects[2] },
    ]);
  });

  it('links any type when the property names none, and leaves the type to create to the person', () => {
    expect(resolveLinks({ ...request, structureIds: [], names: ['Grace Hopper', 'Alan Turing'] }, objects)).toEqual([
      { name: 'Grace Hopper', found: objects[1] },
      { name: 'Alan Turing', create: { structureId: null, title: 'Alan Turing' } },
    ]);
  });
});

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO } from '../../tests/emulator/seed.ts';
import {
  addFault,
  entityIds,
  markdownOf,
  newTag,
  objectsOf,
  outboxSuite,
  processed,
  tagsTitled,
} from '../../tests/support/outbox-harness';
import { urlValue } from '../api';
import type { ObjectClip } from '../clips/object';

const suite = outboxSuite();
const S = DEMO.structures;
const P = DEMO.properties.paper;

function paperClip(fields: Partial<ObjectClip> = {}): ObjectClip {
  return {
    kind: 'object',
    structureId: S.paper,
    url: 'https://papers.example/engines',
    title: 'Notes on the Analytical Engine',
    tags: [],
    properties: { [P.url]: urlValue('https://papers.example/engines') },
    links: [
      {
        propertyId: P.authors,
        items: [
          { id: DEMO.people.ada },
          { structureId: S.person, title: 'Grace Hopper' },
          { structureId: S.person, title: 'Alan Turing' },
        ],
      },
    ],
    notes: [],
    existingObjectIds: [],
    ...fields,
  };
}

const people = async (title: string) =>
  (await objectsOf(suite.emulator, S.person)).filter((person) => person.title === title);

describe('a typed object clip', () => {
  it('creates the people it links to first, then one object linking them in order, with its tags and notes', async () => {
    await suite.worker.outbox.enqueue(DEMO.spaceId, paperClip({ tags: [newTag('Computing')], notes: ['Read it.'] }));
    await suite.harness.settle(suite.worker);

    const [paper, ...others] = (await objectsOf(suite.emulator, S.paper)).filter(
      (object) => object.title === 'Notes on the Analytical Engine',
    );
    expect(others).toEqual([]);
    const [grace] = await people('Grace Hopper');
    const [alan] = await people('Alan Turing');
    expect(entityIds(paper, P.authors)).toEqual([DEMO.people.ada, grace?.id, alan?.id]);
    expect(entityIds(paper, 'tags')).toEqual([(await tagsTitled(suite.emulator, 'Computing'))[0]?.id]);
    expect(await markdownOf(suite.emulator, paper?.id ?? '')).toBe('Read it.');
  });

  it('never makes a person twice: a name twice in a clip, and a second clip of it', async () => {
    const twice = paperClip({
      links: [
        {
          propertyId: P.authors,
          items: [
            { structureId: S.person, title: 'Grace Hopper' },
            { structureId: S.person, title: 'grace hopper ' },
          ],
        },
      ],
    });
    await suite.worker.outbox.enqueue(DEMO.spaceId, twice);
    await suite.worker.outbox.enqueue(DEMO.spaceId, { ...twice, url: 'https://papers.example/other', title: 'Other' });
    await suite.harness.settle(suite.worker);

    const grace = await people('Grace Hopper');
    expect(grace).toHaveLength(1);
    const papers = await objectsOf(suite.emulator, S.paper);
    for (const title of ['Notes on the Analytical Engine', 'Other']) {
      expect(
        entityIds(
          papers.find((paper) => paper.title === title),
          P.authors,
        ),
      ).toEqual([grace[0]?.id]);
    }
  });

  it('finds a person whose creation answer was lost instead of creating a second one', async () => {
    await addFault(suite.emulator, { method: 'POST', path: '/object', drop: 'after', times: 1 });
    await suite.worker.outbox.enqueue(DEMO.spaceId, paperClip());
    await suite.harness.settle(suite.worker);

    expect(await people('Grace Hopper')).toHaveLength(1);
    expect(await people('Alan Turing')).toHaveLength(1);
    expect(
      (await objectsOf(suite.emulator, S.paper)).filter((paper) => paper.title.startsWith('Notes on')),
    ).toHaveLength(1);
  });

  it('finds its own object after a lost answer instead of creating it again', async () => {
    await addFault(suite.emulator, { method: 'POST', path: '/object', drop: 'after', times: 1 });
    await suite.worker.outbox.enqueue(
      DEMO.spaceId,
      paperClip({ links: [{ propertyId: P.authors, items: [{ id: DEMO.people.ada }] }] }),
    );
    await suite.harness.settle(suite.worker);

    const papers = (await objectsOf(suite.emulator, S.paper)).filter((paper) => paper.title.startsWith('Notes on'));
    expect(papers).toHaveLength(1);
    expect(entityIds(papers[0], P.authors)).toEqual([DEMO.people.ada]);
    expect(await processed(suite.emulator, 'POST /object')).toBe(1);
  });
});

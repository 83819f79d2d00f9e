// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ProfileName } from '../../tests/emulator/control-api.ts';
import { DEMO } from '../../tests/emulator/seed.ts';
import {
  addFault,
  controlOf,
  entityIds,
  existingTag,
  markdownOf,
  newTag,
  objectsOf,
  outboxSuite,
  processed,
  tagsTitled,
  weblinkClip,
  weblinksOf,
} from '../../tests/support/outbox-harness';
import { labelValue } from '../api';
import type { RestoreClip } from '../clips/restore';
import type { TrashClip } from '../clips/trash';
import type { UpdateClip } from '../clips/update';

/** Changes to a weblink clipped earlier: "Update", "Undo" (to the trash) and "Restore", against both servers. */

const status = DEMO.properties.weblink.status;
const source = { url: 'https://example.com/changed', title: 'Changed page' };

for (const profile of ['spec', 'published'] as ProfileName[]) {
  describe(`changing a clipped weblink (${profile} profile)`, () => {
    const suite = outboxSuite({ profile });

    async function clipped(): Promise<string> {
      await suite.worker.outbox.enqueue(
        DEMO.spaceId,
        weblinkClip({ url: source.url, title: 'Changed page', tags: [existingTag(DEMO.tags.reading, 'Reading')] }),
      );
      await suite.harness.settle(suite.worker);
      const [weblink] = await weblinksOf(suite.emulator, source.url);
      if (!weblink) throw new Error('the weblink did not land');
      return weblink.id;
    }

    const change = (objectId: string, fields: Partial<UpdateClip>): UpdateClip => ({
      kind: 'update',
      objectId,
      objectTitle: 'Changed page',
      source,
      parts: [],
      ...fields,
    });

    it('an update sends the changed keys in one PATCH (a new tag made first) and appends the added notes', async () => {
      const objectId = await clipped();
      const before = await processed(suite.emulator, 'PATCH /object');
      await suite.worker.outbox.enqueue(
        DEMO.spaceId,
        change(objectId, {
          tags: [existingTag(DEMO.tags.reading, 'Reading'), newTag('Follow up')],
          properties: { [status]: labelValue([{ id: DEMO.labels.weblinkStatus.done, name: 'Done' }]) },
          collections: [DEMO.collections.readingList],
          parts: ['Added after the save.'],
        }),
      );
      await suite.harness.settle(suite.worker);

      const [weblink, ...others] = await weblinksOf(suite.emulator, source.url);
      expect(others).toEqual([]);
      const [followUp] = await tagsTitled(suite.emulator, 'Follow up');
      expect(entityIds(weblink, 'tags')).toEqual([DEMO.tags.reading, followUp?.id]);
      expect(weblink?.properties[status]).toMatchObject({ label: [{ id: DEMO.labels.weblinkStatus.done }] });
      expect(weblink?.collections).toEqual([DEMO.collections.readingList]);
      expect(await markdownOf(suite.emulator, objectId)).toContain('Added after the save.');
      expect((await processed(suite.emulator, 'PATCH /object')) - before).toBe(1);
      expect(await suite.worker.outbox.list()).toEqual([]);
      expect(await controlOf(suite.emulator).violations()).toEqual([]);
    });

    it('"Undo" moves the weblink to the trash, never deletes it; "Restore" brings it back where the server can', async () => {
      const objectId = await clipped();
      const trash: TrashClip = { kind: 'trash', objectId, objectTitle: 'Changed page', source };
      await suite.worker.outbox.enqueue(DEMO.spaceId, trash);
      await suite.harness.settle(suite.worker);
      const state = await controlOf(suite.emulator).state({ spaceId: DEMO.spaceId, structureId: 'MediaWebResource' });
      expect(state.spaces[0]?.objects.find((object) => object.id === objectId)).toMatchObject({ trashed: true });
      expect(suite.harness.landed.at(-1)).toMatchObject({ kind: 'trash', objectId });
      // Learned while trashing, so "Restore" is offered exactly where it works.
      expect(suite.harness.traitsOf(suite.emulator.url).restore).toBe(profile === 'published');

      const restore: RestoreClip = { kind: 'restore', objectId, objectTitle: 'Changed page', source };
      await suite.worker.outbox.enqueue(DEMO.spaceId, restore);
      await suite.harness.settle(suite.worker);
      if (profile === 'published') {
        expect(await weblinksOf(suite.emulator, source.url)).toHaveLength(1);
        expect(suite.harness.landed.at(-1)).toMatchObject({ kind: 'restore', objectId });
      } else {
        // The spec shows no restore: the request is refused, and the clip waits for a person.
        expect(await weblinksOf(suite.emulator, source.url)).toHaveLength(0);
        expect((await suite.worker.outbox.list()).map((clip) => clip.state)).toEqual(['failed']);
      }
      expect(await controlOf(suite.emulator).violations()).toEqual([]);
    });

    it('a move to the trash whose answer was lost is looked for, not sent again; one already trashed is done', async () => {
      const objectId = await clipped();
      await addFault(suite.emulator, { method: 'DELETE', path: '/object', drop: 'after', times: 1 });
      await suite.worker.outbox.enqueue(DEMO.spaceId, { kind: 'trash', objectId, objectTitle: 'x', source });
      await suite.harness.settle(suite.worker);
      expect(await processed(suite.emulator, 'DELETE /object')).toBe(1);
      expect(await suite.worker.outbox.list()).toEqual([]);

      await suite.worker.outbox.enqueue(DEMO.spaceId, { kind: 'trash', objectId, objectTitle: 'x', source });
      await suite.harness.settle(suite.worker);
      expect(await suite.worker.outbox.list()).toEqual([]);
      expect((await objectsOf(suite.emulator, 'MediaWebResource')).some((object) => object.id === objectId)).toBe(
        false,
      );
    });
  });
}

import { afterEach, describe, expect, it } from 'vitest';
import {
  canonicalDay,
  createMemoryTraits,
  createPacer,
  createWorkspaceApi,
  dateValue,
  entityValue,
  InvalidInputError,
  labelValue,
  NotFoundError,
  RateLimitedError,
  readTitle,
  readUrl,
  titleValue,
  typesWithBody,
  weblinkUrlPropertyId,
} from '../../lib/api';
import { unappliedChanges } from '../../lib/clips/steps/weblink-changes';
import type { ProfileName } from '../emulator/control-api.ts';
import { DEMO } from '../emulator/seed.ts';
import { emulatorControl } from '../support/emulator-control.ts';
import { rejectionOf, setUpEmulator, staticAuth, TOKENS } from './harness';

/**
 * The client against both servers it must be right against: the emulator's `spec` profile (the
 * spec word for word) and its `published` profile (what the live service publishes). Every flow
 * the extension has, run against each; in the published profile, no request may break the
 * reference (the emulator records any that does).
 */

const PROFILES: ProfileName[] = ['spec', 'published'];
const status = DEMO.properties.weblink.status;
const reading = { id: DEMO.labels.weblinkStatus.reading, name: 'Reading' };

for (const profile of PROFILES) {
  describe(`the client against the ${profile} profile`, () => {
    const context = setUpEmulator({ profile, dailyNoteDelayMs: 5 });
    /** A client as the extension makes it: its own memory of the server's forms. */
    const api = () =>
      createWorkspaceApi({ baseUrl: context.url, auth: staticAuth(TOKENS.demo), traits: createMemoryTraits() });

    afterEach(async () => {
      expect(await emulatorControl(context.url).violations()).toEqual([]);
    });

    it("reads the space, its structures, and finds the weblink's URL property by type", async () => {
      const client = api();
      expect(await client.getSpace()).toMatchObject({ id: DEMO.spaceId, title: 'Demo space' });
      const structures = await client.getStructures();
      expect(weblinkUrlPropertyId(structures)).toBe(profile === 'spec' ? 'url' : 'media_URLReference');
      expect(typesWithBody(structures).map((structure) => structure.id)).toContain('RootPage');
      const weblink = structures.find((structure) => structure.id === 'MediaWebResource');
      const tags = weblink?.propertyDefinitions.find((definition) => definition.id === 'tags');
      expect(tags?.allowedStructureIds).toEqual(['RootTag']);
    });

    it('every seeded object reads without a value or block the client does not know', async () => {
      const client = api();
      for (const id of [DEMO.pages.showcase, DEMO.pages.welcome, ...Object.values(DEMO.weblinks)]) {
        const object = await client.getObject(id);
        expect(Object.values(object.properties).filter((value) => value.type === 'unknown')).toEqual([]);
        const blocks = Object.values(object.blocks ?? {}).flat();
        expect(blocks.filter((block) => block.type === 'unknown')).toEqual([]);
        expect(readTitle(object)).not.toBe('');
      }
    });

    it('a weblink with tags, a typed property and a collection: the answer says what did not land, one PATCH applies it', async () => {
      const client = api();
      const asked = {
        properties: {
          title: titleValue('Both profiles'),
          tags: entityValue([DEMO.tags.reading]),
          [status]: labelValue([reading]),
          [DEMO.properties.weblink.readOn]: dateValue({ start: '2026-03-15', resolution: 'day' }),
        },
        collections: [DEMO.collections.readingList],
      };
      const created = await client.createWeblink({ url: 'https://example.com/both', markdown: 'Notes.', ...asked });
      const missing = unappliedChanges(asked, created);
      if (profile === 'spec') {
        expect(missing).toBeNull();
      } else {
        // The published POST /object/url keeps only title and description.
        expect(Object.keys(missing?.properties ?? {}).sort()).toEqual(
          ['tags', status, DEMO.properties.weblink.readOn].sort(),
        );
        expect(missing?.collections).toEqual([DEMO.collections.readingList]);
        await client.updateObject(created.id, missing ?? {});
      }
      const object = await client.getObject(created.id);
      expect(unappliedChanges(asked, object)).toBeNull();
      const structures = await client.getStructures();
      expect(readUrl(object, weblinkUrlPropertyId(structures) ?? '')).toBe('https://example.com/both');
      expect(await client.getObjectMarkdown(created.id)).toContain('Notes.');
    });

    it('Markdown appended to an object lands, through the route this server takes, remembered', async () => {
      const client = api();
      await client.appendMarkdown({ objectId: DEMO.pages.empty, markdown: 'First **append**.' });
      await client.appendMarkdown({ objectId: DEMO.pages.empty, markdown: 'Second append.' });
      const route = profile === 'spec' ? '/blocks/markdown/append' : '/blocks/append';
      expect(client.traits().markdownAppendRoute).toBe(route);
      const body = await client.getObjectMarkdown(DEMO.pages.empty);
      expect(body.indexOf('First')).toBeLessThan(body.indexOf('Second append.'));
      const appends = (await context.control.log()).filter((entry) => entry.path.startsWith('/blocks/'));
      // Spec: /blocks/append refuses Markdown once, then the remembered route; published: the shared route.
      expect(appends.map((entry) => entry.path)).toEqual(
        profile === 'spec' ? ['/blocks/append', route, route] : [route, route],
      );
    });

    it('a daily-note append succeeds whether answered 204 (spec) or an empty 200 (published)', async () => {
      const client = api();
      const day = canonicalDay('2026-11-23');
      await client.appendToDailyNote({ markdown: 'From both profiles.' }, { date: day, noTimeStamp: true });
      await context.control.waitForDailyNotes();
      const [note] = await client.search({ query: '2026-11-23', structureIds: ['RootDailyNote'] });
      expect(await client.getObjectMarkdown(note?.id ?? '')).toContain('From both profiles.');
    });

    it('a search states its limit and never sends a blank query', async () => {
      const client = api();
      const before = (await context.control.log()).length;
      expect(await client.search({ query: ' ' })).toEqual([]);
      expect(await context.control.log()).toHaveLength(before);
      const results = await client.search({ query: 'Reading', structureIds: ['RootTag'], limit: 5 });
      expect(results[0]).toMatchObject({ id: DEMO.tags.reading, title: 'Reading' });
      expect(results.length).toBeLessThanOrEqual(5);
    });

    it('to the trash and back: DELETE states hardDelete; restoring works where the server can', async () => {
      const client = api();
      const page = await client.createObject({ structureId: 'RootPage', properties: { title: titleValue('Undo me') } });
      await client.deleteObject(page.id);
      expect(await rejectionOf(client.getObject(page.id))).toBeInstanceOf(NotFoundError);
      if (profile === 'published') {
        await client.restoreObject(page.id);
        expect(readTitle(await client.getObject(page.id))).toBe('Undo me');
        expect(client.traits().restore).toBe(true);
      } else {
        // The spec shows no restore: the server refuses, and the client knows not to offer it.
        await expect(client.restoreObject(page.id)).rejects.toThrow();
        expect(client.traits().restore).toBe(false);
      }
    });

    it("a refusal carries the server's own words, whatever its error body's shape", async () => {
      const error = await rejectionOf(
        api().updateObject(DEMO.pages.welcome, {
          properties: { tags: entityValue(['00000000-0000-4000-8000-000000000000']) },
        }),
      );
      expect(error).toBeInstanceOf(InvalidInputError);
      expect((error as InvalidInputError).status).toBe(400);
      expect((error as InvalidInputError).detail?.length ?? 0).toBeGreaterThan(0);
    });

    it(
      profile === 'published'
        ? 'keeps within the announced budget: the 11th GET /space in a minute is held back here, never refused there'
        : 'a server that announces no budget is not held back',
      async () => {
        const pacer = createPacer();
        const client = createWorkspaceApi({
          baseUrl: context.url,
          auth: staticAuth(TOKENS.demo),
          pacing: { pacer, scope: 'demo' },
        });
        for (let i = 0; i < 10; i++) await client.getSpace();
        if (profile === 'published') {
          const eleventh = await rejectionOf(client.getSpace());
          expect(eleventh).toBeInstanceOf(RateLimitedError);
          expect((eleventh as RateLimitedError).paced).toBe(true);
          expect((eleventh as RateLimitedError).retryAfterMs).toBeGreaterThan(0);
        } else {
          await expect(client.getSpace()).resolves.toMatchObject({ title: 'Demo space' });
        }
        const requests = (await context.control.log()).filter((entry) => entry.path === '/space');
        expect(requests).toHaveLength(profile === 'published' ? 10 : 11);
        expect(requests.filter((entry) => entry.status === 429)).toEqual([]);
      },
    );
  });
}

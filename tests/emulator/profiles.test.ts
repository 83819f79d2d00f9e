import { describe, expect, it } from 'vitest';
import { emulatorControl } from '../support/emulator-control.ts';
import { setUpTestEmulator } from './http-testing.ts';
import { PUBLISHED_OPERATIONS } from './published-operations.ts';
import { DEMO, DEMO_TOKENS } from './seed.ts';
import { startEmulator } from './server.ts';

const spec = setUpTestEmulator('spec');
const { call } = spec;

const SPEC_ONLY_ROUTES: [string, string, unknown?][] = [
  ['GET', `/objects/structure?id=RootTag`],
  ['GET', `/objects/tag?id=${DEMO.tags.reading}`],
  ['GET', `/objects/collection?id=${DEMO.collections.readingList}`],
  ['POST', '/blocks/markdown/append', { id: DEMO.pages.empty, objectId: DEMO.pages.empty, markdown: 'x' }],
  ['POST', '/blocks/markdown/daily-note', { markdown: 'x' }],
  ['POST', '/blocks/delete', { blockIds: [DEMO.pages.empty] }],
  ['GET', '/user/spaces'],
];

describe('choosing a profile', () => {
  it('starts in the spec profile and switches with reset({ profile }), back to the startup one on a plain reset', async () => {
    expect(spec.emulator.profile).toBe('spec');
    expect((await call('GET', '/space')).body).toEqual({ id: DEMO.spaceId, title: 'Demo space' });
    spec.emulator.reset({ profile: 'published' });
    expect((await call('GET', '/space')).body.icon).toBeDefined();
    expect((await spec.control.state()).profile).toBe('published');
    spec.emulator.reset();
    expect((await call('GET', '/space')).body.icon).toBeUndefined();
  });

  it('switches with POST /__emulator/reset { profile }, and refuses an unknown profile', async () => {
    await spec.control.reset({ profile: 'published' });
    expect(spec.emulator.profile).toBe('published');
    expect((await call('GET', '/user/spaces')).status).toBe(404);
    await expect(spec.control.reset({ profile: 'beta' as 'spec' })).rejects.toThrow(/answered 400/);
    await spec.control.reset();
    expect((await call('GET', '/user/spaces')).status).toBe(200);
  });

  it('keeps the state when switching without a reset, showing it in each profile’s shape', async () => {
    const created = await call('POST', '/object/url', { url: 'https://example.com/kept' });
    spec.emulator.switchProfile('published');
    const read = await call('GET', `/object?id=${created.body.id}`);
    expect(read.body.properties.media_URLReference.url.value).toBe('https://example.com/kept');
    spec.emulator.switchProfile('spec');
    expect((await call('GET', `/object?id=${created.body.id}`)).body.properties.url.url.value).toBe(
      'https://example.com/kept',
    );
  });

  it('shows what only the published profile has in the nearest spec shape', async () => {
    spec.emulator.switchProfile('published');
    const style = {};
    await call('POST', '/blocks/append', {
      id: DEMO.pages.empty,
      blocks: [
        {
          type: 'TextBlock',
          list: { type: 'roman' },
          quote: { layout: 'standout' },
          tokens: [{ type: 'LinkToken', text: 'Welcome', entityId: DEMO.pages.welcome }],
        },
        {
          type: 'GridBlock',
          columns: [[{ type: 'TextBlock', tokens: [{ type: 'TextToken', text: 'x', style }] }]],
          dividers: true,
        },
      ],
    });
    spec.emulator.switchProfile('spec');
    const [text, grid] = (await call('GET', `/object?id=${DEMO.pages.empty}`)).body.blocks.content;
    expect(text).toEqual({
      id: expect.any(String),
      type: 'TextBlock',
      tokens: [{ type: 'TextToken', text: 'Welcome' }],
      blocks: [],
      hierarchy: { key: 'base', val: 0 },
      list: 'numbered',
      quote: true,
    });
    expect(Object.keys(grid)).toEqual(['id', 'type', 'columns']);
  });

  it('names the active profile on GET / and in the state, which keeps the spec shape', async () => {
    await spec.control.reset({ profile: 'published' });
    expect(await (await fetch(`${spec.emulator.url}/`)).text()).toContain('profile <strong>published</strong>');
    const state = await spec.control.state({ spaceId: DEMO.spaceId, structureId: 'MediaWebResource' });
    expect(state.profile).toBe('published');
    expect(state.spaces[0]?.objects[0]?.properties.url).toBeDefined();
  });

  it('takes the profile at start', async () => {
    const emulator = await startEmulator({ port: 0, profile: 'published' });
    try {
      expect(emulator.profile).toBe('published');
      await emulatorControl(emulator.url).reset();
      expect(emulator.profile).toBe('published');
    } finally {
      await emulator.close();
    }
  });
});

describe('violations of the published reference', () => {
  it('answer 404 for the routes only the spec has, and record each', async () => {
    await spec.control.reset({ profile: 'published' });
    for (const [method, path, body] of SPEC_ONLY_ROUTES) {
      const answer = await call(method, path, body);
      expect({ path, status: answer.status, code: answer.body.code }).toEqual({
        path,
        status: 404,
        code: 'cap_not_found',
      });
    }
    const violations = await spec.control.violations();
    expect(violations.map(({ method, path }) => `${method} ${path}`)).toEqual(
      SPEC_ONLY_ROUTES.map(([method, path]) => `${method} ${path.split('?')[0]}`),
    );
    expect(violations[0]).toEqual({
      time: expect.any(String),
      method: 'GET',
      path: '/objects/structure',
      status: 404,
      reason: 'GET /objects/structure is not an operation of the published reference',
    });
    expect(spec.emulator.violations()).toEqual(violations);
    expect((await fetch(`${spec.emulator.url}/__emulator/nope`)).status).toBe(404);
    expect(await spec.control.violations()).toHaveLength(SPEC_ONLY_ROUTES.length);
    await spec.control.reset({ profile: 'published' });
    expect(await spec.control.violations()).toEqual([]);
  });

  it('are not recorded for requests that follow the reference, even when refused for their content', async () => {
    await spec.control.reset({ profile: 'published' });
    const link = await call('POST', '/object/url', {
      url: 'https://example.com/clip',
      markdown: '# Clip',
      properties: { title: { type: 'title', title: { value: 'Clip' } } },
    });
    await call('PATCH', '/object', {
      id: link.body.id,
      properties: {
        tags: { type: 'entity', entity: [{ id: DEMO.tags.reading }] },
        [DEMO.properties.weblink.status]: {
          type: 'label',
          label: [{ id: DEMO.labels.weblinkStatus.unread, name: 'Unread' }],
        },
      },
      collections: [DEMO.collections.readingList],
    });
    await call('POST', '/blocks/append', { id: link.body.id, markdown: 'more' });
    await call('POST', '/objects/search', { query: 'Clip', limit: 5 });
    await call('POST', '/blocks/daily-note/append', { markdown: 'today' });
    await call('GET', `/object/markdown?id=${link.body.id}`);
    await call('DELETE', `/object?id=${link.body.id}&hardDelete=false`);
    const unknownTag = await call('PATCH', '/object', {
      id: DEMO.weblinks.hono,
      properties: { tags: { type: 'entity', entity: [{ id: DEMO.pages.welcome }] } },
    });
    expect(unknownTag.status).toBe(400);
    expect(await spec.control.violations()).toEqual([]);
  });

  it('serves every operation of the reference (none answers "not an operation")', async () => {
    await spec.control.reset({ profile: 'published' });
    for (const operation of PUBLISHED_OPERATIONS) {
      const [method = '', path = ''] = operation.split(' ');
      await call(method, path, method === 'GET' || method === 'DELETE' ? undefined : {}, DEMO_TOKENS.demo);
    }
    const notServed = (await spec.control.violations()).filter((violation) => violation.status === 404);
    expect(notServed).toEqual([]);
  });

  it('are never recorded by the spec profile', async () => {
    for (const [method, path, body] of SPEC_ONLY_ROUTES) await call(method, path, body);
    await call('POST', '/objects/search', {});
    expect(await spec.control.violations()).toEqual([]);
  });
});

describe('unknown top-level keys', () => {
  it('are ignored by the spec profile: an id in the PATCH body, hardDelete=false, limit, id beside objectId', async () => {
    const patched = await call('PATCH', `/object?id=${DEMO.pages.empty}`, {
      id: DEMO.pages.empty,
      properties: { title: { type: 'title', title: { value: 'Patched' } } },
    });
    expect(patched.status).toBe(200);
    expect((await call('POST', '/objects/search', { query: 'Patched', limit: 5 })).body.results[0].id).toBe(
      DEMO.pages.empty,
    );
    const appended = await call('POST', '/blocks/markdown/append', {
      id: DEMO.pages.empty,
      objectId: DEMO.pages.empty,
      markdown: 'body',
    });
    expect(appended.status).toBe(200);
    const blocks = await call('POST', '/blocks/append', {
      id: DEMO.pages.empty,
      objectId: DEMO.pages.empty,
      blocks: [{ type: 'HorizontalLineBlock' }],
    });
    expect(blocks.status).toBe(200);
    expect((await call('DELETE', `/object?id=${DEMO.pages.empty}&hardDelete=false`)).status).toBe(204);
    expect((await call('GET', `/object?id=${DEMO.pages.empty}`)).status).toBe(404);
  });

  it('are ignored by the published profile too', async () => {
    await spec.control.reset({ profile: 'published' });
    const created = await call('POST', '/object', { structureId: 'RootPage', objectId: 'x', extra: { deep: true } });
    expect(created.status).toBe(200);
    const appended = await call('POST', '/blocks/append', {
      id: created.body.id,
      objectId: created.body.id,
      markdown: 'x',
    });
    expect(appended.status).toBe(200);
    expect(await spec.control.violations()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  type AuthProvider,
  createWorkspaceApi,
  ForbiddenError,
  NotAuthenticatedError,
  refreshTokens,
  titleValue,
} from '../../lib/api';
import { errorOf, rejectionOf, setUpEmulator, staticAuth, TOKENS } from './harness';
import { signIn } from './oauth-flow';

const context = setUpEmulator();

describe('space endpoints', () => {
  it('GET /space answers the one space the token is bound to', async () => {
    await expect(context.api(TOKENS.demo).getSpace()).resolves.toMatchObject({ title: 'Demo space' });
    await expect(context.api(TOKENS.research).getSpace()).resolves.toMatchObject({ title: 'Research space' });
  });

  it('GET /space/structures lists built-in and custom structures with their property definitions', async () => {
    const structures = await context.api().getStructures();
    const byId = new Map(structures.map((structure) => [structure.id, structure]));
    for (const id of ['RootPage', 'RootTask', 'RootTag', 'MediaWebResource', 'RootDailyNote'])
      expect(byId.has(id)).toBe(true);

    const weblink = byId.get('MediaWebResource');
    expect(weblink).toMatchObject({ title: 'Weblink', pluralName: 'Weblinks' });
    expect(weblink?.collections.map((collection) => collection.title)).toEqual(
      expect.arrayContaining(['Reading list', 'Research']),
    );
    const definitions = weblink?.propertyDefinitions ?? [];
    expect(definitions.find((d) => d.id === 'tags')).toMatchObject({
      type: 'entity',
      writable: true,
      allowedStructureIds: ['RootTag'],
    });
    const status = definitions.find((d) => d.name === 'Status');
    expect(status).toMatchObject({ type: 'label', multiple: false });
    expect(status?.labelSet?.map((option) => option.name)).toEqual(['Unread', 'Reading', 'Done']);
    expect(definitions.find((d) => d.name === 'Topics')).toMatchObject({ type: 'label', multiple: true });
    expect(definitions.find((d) => d.id === 'notes')).toMatchObject({ type: 'blocks', writable: false });
    expect(definitions.find((d) => d.name === 'Read on')).toMatchObject({ type: 'date', dateResolution: 'day' });

    const task = byId.get('RootTask');
    expect(task?.propertyDefinitions.find((d) => d.id === 'status')?.labelSet?.map((o) => o.name)).toEqual([
      'To do',
      'Doing',
      'Done',
      'Blocked',
    ]);

    const book = structures.find((structure) => structure.title === 'Book');
    expect(book?.id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('GET /user/spaces lists the spaces of the token user', async () => {
    const spaces = await context.api().getUserSpaces();
    expect(spaces.map((space) => space.title).sort()).toEqual(['Demo space', 'Research space']);
  });

  it('the deprecated Beta routes are not served', async () => {
    expect((await context.raw('GET', '/spaces')).status).toBe(404);
    expect((await context.raw('POST', '/save-weblink', { body: { url: 'https://example.com' } })).status).toBe(404);
  });
});

describe('401 cap_not_authenticated', () => {
  it('a request without a token is refused with 401, WWW-Authenticate and cap_not_authenticated', async () => {
    const response = await context.raw('GET', '/space', { token: null });
    expect(response.headers.get('www-authenticate')).toMatch(/^Bearer/);
    expect(await errorOf(response)).toMatchObject({ status: 401, code: 'cap_not_authenticated' });
  });

  it('an unknown token: one refresh, one retry, then NotAuthenticatedError', async () => {
    const auth = staticAuth('cap-api-unknown');
    const api = createWorkspaceApi({ baseUrl: context.url, auth });
    const error = await rejectionOf(api.getSpace());
    expect(error).toBeInstanceOf(NotAuthenticatedError);
    expect(error).toMatchObject({ status: 401, code: 'cap_not_authenticated' });
    expect(auth.refreshes).toEqual(['cap-api-unknown']);
    expect((await context.control.log()).filter((entry) => entry.path === '/space')).toHaveLength(2);
  });

  it('after a 401 the client retries with the refreshed token and succeeds', async () => {
    const auth = staticAuth('cap-api-stale', TOKENS.demo);
    const api = createWorkspaceApi({ baseUrl: context.url, auth });
    await expect(api.getSpace()).resolves.toMatchObject({ title: 'Demo space' });
    expect(auth.refreshes).toEqual(['cap-api-stale']);
  });

  it('an expired personal token is refused', async () => {
    const demo = await context.api().getSpace();
    const created = (await context.control.mintToken({ spaceId: demo.id, expiresInSeconds: 60 })) as {
      token: string;
    };
    const api = context.api(created.token);
    await expect(api.getSpace()).resolves.toMatchObject({ title: 'Demo space' });
    await context.control.advanceClock(61);
    await expect(api.getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
  });

  it('a revoked personal token (deleted in the app settings) is refused', async () => {
    const api = context.api(TOKENS.demo);
    await api.getSpace();
    await context.control.revokeToken(TOKENS.demo);
    await expect(api.getSpace()).rejects.toMatchObject({ kind: 'not_authenticated', code: 'cap_not_authenticated' });
  });

  it('an expired OAuth access token is refused; a provider that refreshes recovers with one retry', async () => {
    const { flow, tokens } = await signIn(context);
    let current = tokens;
    const refreshes: string[] = [];
    const auth: AuthProvider = {
      getAccessToken: async () => current.accessToken,
      refreshAfterUnauthorized: async (rejected) => {
        refreshes.push(rejected);
        current = await refreshTokens({
          metadata: flow.metadata,
          clientId: 'space-clipper',
          refreshToken: current.refreshToken ?? '',
        });
        return current.accessToken;
      },
    };
    const api = createWorkspaceApi({ baseUrl: context.url, auth });
    await expect(api.getSpace()).resolves.toMatchObject({ title: 'Demo space' });

    await context.control.advanceClock(3601);
    await expect(context.api(tokens.accessToken).getSpace()).rejects.toBeInstanceOf(NotAuthenticatedError);
    await expect(api.getSpace()).resolves.toMatchObject({ title: 'Demo space' });
    expect(refreshes).toEqual([tokens.accessToken]);
  });
});

describe('403 for a read-only token', () => {
  it('reads work, every write is ForbiddenError (cap_forbidden)', async () => {
    const api = context.api(TOKENS.demoReadonly);
    await expect(api.getSpace()).resolves.toMatchObject({ title: 'Demo space' });
    const [page] = await api.search({ query: 'Welcome to the demo space' });
    expect(page).toBeDefined();
    const pageId = page?.id ?? '';
    await expect(api.getObject(pageId)).resolves.toMatchObject({ id: pageId });
    const blockId = (await api.getObject(pageId)).blocks?.content?.[0]?.id ?? '';

    const writes: [string, () => Promise<unknown>][] = [
      ['createObject', () => api.createObject({ structureId: 'RootPage', properties: { title: titleValue('x') } })],
      ['updateObject', () => api.updateObject(pageId, { properties: { title: titleValue('x') } })],
      ['deleteObject', () => api.deleteObject(pageId)],
      ['createWeblink', () => api.createWeblink({ url: 'https://example.com/' })],
      ['createObjectFromMarkdown', () => api.createObjectFromMarkdown({ markdown: '# x' })],
      ['appendBlocks', () => api.appendBlocks({ objectId: pageId, blocks: [{ type: 'HorizontalLineBlock' }] })],
      ['appendMarkdown', () => api.appendMarkdown({ objectId: pageId, markdown: 'x' })],
      ['updateBlock', () => api.updateBlock(blockId, { type: 'TextBlock', tokens: [] })],
      ['deleteBlocks', () => api.deleteBlocks([blockId])],
      ['appendToDailyNote', () => api.appendToDailyNote({ markdown: 'x' })],
      ['appendMarkdownToDailyNote', () => api.appendMarkdownToDailyNote('x')],
    ];
    for (const [name, write] of writes) {
      const error = await rejectionOf(write());
      expect(error, name).toBeInstanceOf(ForbiddenError);
      expect(error, name).toMatchObject({ status: 403, code: 'cap_forbidden', mayHaveBeenApplied: false });
    }
    await expect(context.api().getObject(pageId)).resolves.toMatchObject({ id: pageId });
  });
});

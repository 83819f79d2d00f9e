import { afterEach, describe, expect, it, vi } from 'vitest';
import { OBJECT_ID, wireObject } from '../tests/support/api-fixtures';
import { createFakeFetch, emptyResponse, jsonResponse } from '../tests/support/fake-fetch';
import { createWorkspaceApi } from './api';
import { recentObject, rememberingObjects } from './server-memory';

/** A space's API over a scripted fetch, noting what its writes answer. */
function apiAnswering(...answers: Response[]) {
  const fake = createFakeFetch(...answers);
  const api = createWorkspaceApi({
    baseUrl: 'http://127.0.0.1:9',
    auth: { getAccessToken: async () => 'token', refreshAfterUnauthorized: async () => 'token' },
    fetch: fake.fetch,
  });
  return { api: rememberingObjects('space-1', api), requests: fake.requests };
}

const weblink = { url: 'https://example.com/a', properties: {} };

describe('the objects a save was answered with', () => {
  afterEach(() => vi.useRealTimers());

  it('are known without another request right after the save', async () => {
    const { api, requests } = apiAnswering(jsonResponse(wireObject));
    await api.createWeblink(weblink);
    expect(recentObject('space-1', OBJECT_ID)?.id).toBe(OBJECT_ID);
    expect(requests).toHaveLength(1);
    // Another space's object of the same id is not this one.
    expect(recentObject('space-2', OBJECT_ID)).toBeUndefined();
  });

  it('follow an update answered with the object', async () => {
    const renamed = {
      ...wireObject,
      properties: { ...wireObject.properties, title: { type: 'title', title: { value: 'Renamed' } } },
    };
    const { api } = apiAnswering(jsonResponse(wireObject), jsonResponse(renamed));
    await api.createWeblink(weblink);
    await api.updateObject(OBJECT_ID, { properties: { title: { type: 'title', title: { value: 'Renamed' } } } });
    expect(recentObject('space-1', OBJECT_ID)?.properties.title).toEqual({
      type: 'title',
      title: { value: 'Renamed' },
    });
  });

  it('are forgotten when an update answers without the object, or the object goes to the trash', async () => {
    const { api } = apiAnswering(
      jsonResponse(wireObject),
      emptyResponse(204),
      jsonResponse(wireObject),
      emptyResponse(204),
    );
    await api.createWeblink(weblink);
    await api.updateObject(OBJECT_ID, { collections: [] });
    expect(recentObject('space-1', OBJECT_ID)).toBeUndefined();

    await api.createWeblink(weblink);
    await api.deleteObject(OBJECT_ID);
    expect(recentObject('space-1', OBJECT_ID)).toBeUndefined();
  });

  it('are not kept from a trash request answered with the object', async () => {
    const { api } = apiAnswering(jsonResponse(wireObject), jsonResponse(wireObject));
    await api.createWeblink(weblink);
    await api.updateObject(OBJECT_ID, { deleteRequested: true });
    expect(recentObject('space-1', OBJECT_ID)).toBeUndefined();
  });

  it('are read afresh two minutes later (the person may have changed it in the app)', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-23T10:00:00Z'), toFake: ['Date'] });
    const { api } = apiAnswering(jsonResponse(wireObject));
    await api.createWeblink(weblink);
    vi.setSystemTime(new Date('2026-11-23T10:01:59Z'));
    expect(recentObject('space-1', OBJECT_ID)).toBeDefined();
    vi.setSystemTime(new Date('2026-11-23T10:02:00Z'));
    expect(recentObject('space-1', OBJECT_ID)).toBeUndefined();
  });
});

import { QueryClient } from '@tanstack/react-query';
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client';
import { describe, expect, it, vi } from 'vitest';
import { restoreQueryCache, saveQueryCacheOnChange } from './query-persistence';

const PERSIST = { persist: true };

function setup(stored?: PersistedClient) {
  const writes: PersistedClient[] = [];
  const persister: Persister = {
    persistClient: (client) => {
      writes.push(client);
    },
    restoreClient: () => stored,
    removeClient: () => undefined,
  };
  const queryClient = new QueryClient();
  const persistence = { queryClient, persister, buster: '1.0.0', maxAge: 60_000 };
  return { queryClient, persistence, writes };
}

const keysIn = (client: PersistedClient | undefined) => client?.clientState.queries.map((query) => query.queryKey);

describe('the popup query cache', () => {
  it('is written as soon as a persisted query has data, with no wait, and only with persisted queries', async () => {
    const { queryClient, persistence, writes } = setup();
    saveQueryCacheOnChange(persistence);
    await queryClient.fetchQuery({ queryKey: ['page'], queryFn: () => 'not kept' });
    expect(writes).toHaveLength(0);
    await queryClient.fetchQuery({ queryKey: ['connections'], queryFn: () => ['a space'], meta: PERSIST });
    await Promise.resolve();
    expect(writes).toHaveLength(1);
    expect(keysIn(writes[0])).toEqual([['connections']]);
    expect(writes[0]?.buster).toBe('1.0.0');
  });

  it('is written again when a persisted query changes or is removed, not when one starts loading', async () => {
    const { queryClient, persistence, writes } = setup();
    saveQueryCacheOnChange(persistence);
    const pending = queryClient.fetchQuery({ queryKey: ['form'], queryFn: () => 'fields', meta: PERSIST });
    expect(writes).toHaveLength(0);
    await pending;
    queryClient.setQueryData(['form'], 'other fields');
    await Promise.resolve();
    expect(writes.at(-1)?.clientState.queries[0]?.state.data).toBe('other fields');
    const before = writes.length;
    queryClient.removeQueries({ queryKey: ['form'] });
    await Promise.resolve();
    expect(writes.length).toBe(before + 1);
    expect(keysIn(writes.at(-1))).toEqual([]);
  });

  it('restores what was written, which by itself writes nothing', async () => {
    const first = setup();
    saveQueryCacheOnChange(first.persistence);
    await first.queryClient.fetchQuery({ queryKey: ['connections'], queryFn: () => ['a space'], meta: PERSIST });
    await Promise.resolve();

    const second = setup(first.writes.at(-1));
    saveQueryCacheOnChange(second.persistence);
    await restoreQueryCache(second.persistence);
    expect(second.queryClient.getQueryData(['connections'])).toEqual(['a space']);
    expect(second.writes).toHaveLength(0);
  });

  it('starts empty from a cache of another version, or one it cannot read', async () => {
    const old = setup();
    saveQueryCacheOnChange(old.persistence);
    await old.queryClient.fetchQuery({ queryKey: ['connections'], queryFn: () => ['a space'], meta: PERSIST });
    await Promise.resolve();
    const outdated = { ...(old.writes.at(-1) as PersistedClient), buster: '0.9.0' };
    const fresh = setup(outdated);
    await restoreQueryCache(fresh.persistence);
    expect(fresh.queryClient.getQueryData(['connections'])).toBeUndefined();

    // TanStack reports the unreadable cache on the console in development builds.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = setup();
    broken.persistence.persister.restoreClient = () => Promise.reject(new Error('unreadable'));
    await expect(restoreQueryCache(broken.persistence)).resolves.toBeUndefined();
    quiet.mockRestore();
  });
});

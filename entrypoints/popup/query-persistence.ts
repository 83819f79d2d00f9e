import type { Query, QueryClient } from '@tanstack/react-query';
import {
  type PersistedQueryClientSaveOptions,
  type Persister,
  persistQueryClientRestore,
  persistQueryClientSave,
} from '@tanstack/react-query-persist-client';

/**
 * The popup's query cache between opens: the queries marked `persist` (connections, the weblink
 * form), so that a popup opened again paints the whole form from them before any message is
 * answered, then refreshes them.
 *
 * The cache is written as soon as one of those queries has new data or goes away, not on a timer:
 * a popup is often closed within a fraction of a second (a save with Enter, a glance), and a write
 * that waits for a throttle interval never happens then, so the next open would start cold. Nothing
 * is written while the popup starts: the queries it restored are already in storage.
 */
const isPersisted = (query: Query) => query.meta?.persist === true;

export interface QueryPersistence {
  queryClient: QueryClient;
  persister: Persister;
  /** Changes with each release, so that a new version never reads an old cache's shapes. */
  buster: string;
  maxAge: number;
}

function saveOptions(persistence: QueryPersistence): PersistedQueryClientSaveOptions {
  return {
    ...persistence,
    dehydrateOptions: { shouldDehydrateQuery: (query) => isPersisted(query) && query.state.status === 'success' },
  };
}

/** Reads the cache into the client; an unreadable or outdated cache is left behind, never thrown. */
export function restoreQueryCache(persistence: QueryPersistence): Promise<void> {
  return persistQueryClientRestore(persistence).catch(() => undefined);
}

/** Writes the cache whenever a persisted query has new data or is removed; returns the unsubscribe. */
export function saveQueryCacheOnChange(persistence: QueryPersistence): () => void {
  const options = saveOptions(persistence);
  return persistence.queryClient.getQueryCache().subscribe((event) => {
    if (!isPersisted(event.query)) return;
    if ((event.type === 'updated' && event.action.type === 'success') || event.type === 'removed') {
      void persistQueryClientSave(options).catch(() => undefined);
    }
  });
}

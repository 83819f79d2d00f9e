import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import '@/components/theme.css';
import './popup.css';
import { setPageLanguage } from '@/lib/i18n';
import { popupQueryCacheItem } from '@/lib/storage';
import { App } from './App';
import { loadDrafts } from './kept-drafts';
import { keys } from './queries';
import { type QueryPersistence, restoreQueryCache, saveQueryCacheOnChange } from './query-persistence';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, gcTime: 7 * 24 * 3_600_000 } },
});

/** The query cache lives in storage.local between popup opens (lib/storage.ts, popupQueryCacheItem). */
const persistence: QueryPersistence = {
  queryClient,
  // Written only when a persisted query changes (query-persistence.ts): a few times per open, at once.
  persister: createAsyncStoragePersister({
    key: popupQueryCacheItem.key,
    throttleTime: 0,
    storage: {
      getItem: async () => (await popupQueryCacheItem.getValue()) ?? null,
      setItem: (_key, value) => popupQueryCacheItem.setValue(value),
      removeItem: () => popupQueryCacheItem.removeValue(),
    },
  }),
  maxAge: 7 * 24 * 3_600_000,
  buster: browser.runtime.getManifest().version,
};

/**
 * The tab the popup acts on, with what the browser knows of it (address, title) in the cache:
 * `?tabId=N` (tests open the popup as a tab), else the active tab, which the browser gives whole.
 */
async function loadTargetTab(): Promise<number | undefined> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param !== null) {
    const tabId = Number(param);
    await queryClient.prefetchQuery({ queryKey: keys.tab(tabId), queryFn: () => browser.tabs.get(tabId) });
    return tabId;
  }
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  if (tab?.id !== undefined) queryClient.setQueryData(keys.tab(tab.id), tab);
  return tab?.id;
}

// The cache and the tab are read before the first render, in parallel, so the first paint is the
// whole form with its title, not an empty shell that fills in a moment later; the unsaved draft
// comes back in that same first paint. They are asked for first, before the port below, and what
// needs no answer is done while they travel.
const reads = Promise.all([loadTargetTab(), restoreQueryCache(persistence), loadDrafts()]);
// An open port tells the background a popup shows the outbox, so it need not notify as well.
browser.runtime.connect({ name: 'outbox-watch' });
document.body.classList.add('popup');
setPageLanguage();
// Creating the root attaches React's event listeners: work that need not wait for the answers.
const root = createRoot(document.getElementById('root') as HTMLElement);
const [tabId] = await reads;
saveQueryCacheOnChange(persistence);

root.render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App tabId={tabId} />
    </QueryClientProvider>
  </StrictMode>,
);

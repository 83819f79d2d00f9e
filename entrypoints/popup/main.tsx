import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import '@/components/theme.css';
import './popup.css';
import { setPageLanguage } from '@/lib/i18n';
import { popupQueryCacheItem } from '@/lib/storage';
import { App } from './App';
import { keys } from './queries';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, gcTime: 7 * 24 * 3_600_000 } },
});

/** The query cache lives in storage.local between popup opens (lib/storage.ts, popupQueryCacheItem). */
const persister = createAsyncStoragePersister({
  key: popupQueryCacheItem.key,
  throttleTime: 300,
  storage: {
    getItem: async () => (await popupQueryCacheItem.getValue()) ?? null,
    setItem: (_key, value) => popupQueryCacheItem.setValue(value),
    removeItem: () => popupQueryCacheItem.removeValue(),
  },
});
const persistence = {
  queryClient,
  persister,
  maxAge: 7 * 24 * 3_600_000,
  buster: browser.runtime.getManifest().version,
  dehydrateOptions: {
    shouldDehydrateQuery: (query: { meta?: Record<string, unknown>; state: { status: string } }) =>
      query.meta?.persist === true && query.state.status === 'success',
  },
};

/** The tab the popup acts on: `?tabId=N` (tests open the popup as a tab), else the active tab. */
async function targetTabId(): Promise<number | undefined> {
  const param = new URLSearchParams(location.search).get('tabId');
  if (param !== null) return Number(param);
  const [tab] = await browser.tabs.query({ active: true, currentWindow: true });
  return tab?.id;
}

// An open port tells the background a popup shows the outbox, so it need not notify as well.
browser.runtime.connect({ name: 'outbox-watch' });
document.body.classList.add('popup');

// The cache and the tab are read before the first render, in parallel, so the first paint is the
// whole form with its title, not an empty shell that fills in a moment later.
const tabId = await targetTabId();
await Promise.all([
  persistQueryClientRestore(persistence).catch(() => undefined),
  tabId === undefined
    ? undefined
    : queryClient.prefetchQuery({ queryKey: keys.tab(tabId), queryFn: () => browser.tabs.get(tabId) }),
]);
persistQueryClientSubscribe(persistence);

setPageLanguage();
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App tabId={tabId} />
    </QueryClientProvider>
  </StrictMode>,
);

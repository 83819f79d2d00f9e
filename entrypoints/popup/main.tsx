import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { QueryClient } from '@tanstack/react-query';
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { browser } from 'wxt/browser';
import '@/components/theme.css';
import './popup.css';
import { App } from './App';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, gcTime: 7 * 24 * 3_600_000 } },
});

/** The query cache lives in storage.local between popup opens (no secrets in it: the background keeps those). */
const persister = createAsyncStoragePersister({
  key: 'popupQueryCache',
  throttleTime: 300,
  storage: {
    getItem: async (key) => ((await browser.storage.local.get(key))[key] as string | undefined) ?? null,
    setItem: (key, value) => browser.storage.local.set({ [key]: value }),
    removeItem: (key) => browser.storage.local.remove(key),
  },
});

// An open port tells the background a popup shows the outbox, so it need not notify as well.
browser.runtime.connect({ name: 'outbox-watch' });

document.body.classList.add('popup');
createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <PersistQueryClientProvider
      client={queryClient}
      persistOptions={{
        persister,
        maxAge: 7 * 24 * 3_600_000,
        buster: browser.runtime.getManifest().version,
        dehydrateOptions: {
          shouldDehydrateQuery: (query) => query.meta?.persist === true && query.state.status === 'success',
        },
      }}
    >
      <App />
    </PersistQueryClientProvider>
  </StrictMode>,
);

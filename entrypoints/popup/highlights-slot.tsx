import { lazy, Suspense } from 'react';
import { useTab } from './queries';

/** The list "Highlights" in a chunk of its own: the popup's first paint neither waits for nor loads it. */
const HighlightsPanel = lazy(() => import('./highlights-panel'));

export function HighlightsSlot({ spaceId, tabId }: { spaceId: string; tabId: number }) {
  const tab = useTab(tabId);
  const page = { title: tab.data?.title ?? '', url: tab.data?.url ?? '' };
  return (
    <Suspense fallback={null}>
      <HighlightsPanel spaceId={spaceId} tabId={tabId} page={page} />
    </Suspense>
  );
}

import { skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { HighlightColour } from '@/lib/highlighter/colours';
import { t } from '@/lib/i18n';
import { type ClipOutcome, type HighlightView, type Result, type SavedPage, sendMessage } from '@/lib/messaging';
import { type HighlightActions, HighlightList } from './highlight-list';
import { type Highlights, highlightsQuery } from './highlights-key';
import { highlightsMarkdown } from './highlights-markdown';
import { keys } from './queries';

/** The tab page, named last in "Copy as Markdown". */
export type Page = { title: string; url: string };

/**
 * The tab page's highlights in the space, loaded after the first paint (entrypoints/popup/
 * highlights-slot.tsx). Asking for them draws them on the page too (the background does). A
 * change shows at once; the list is read again once the background has taken it.
 *
 * A page saved only elsewhere is known from the clip form's "Already saved" lookup on the server:
 * its answer is read from the cache, never asked again, and the list is read once more with the
 * weblink it found (the background, which knows only this extension's history, makes no lookup).
 */
export default function HighlightsPanel({ spaceId, tabId, page }: { spaceId: string; tabId: number; page: Page }) {
  const client = useQueryClient();
  const onServer = useQuery<SavedPage | null>({
    queryKey: keys.savedPage(spaceId, page.url, 'server'),
    queryFn: skipToken,
  });
  const objectId = onServer.data?.id;
  const query = highlightsQuery(spaceId, tabId, objectId);
  const key = query.queryKey;
  const list = useQuery({ ...query, placeholderData: (previous) => previous });
  const [status, setStatus] = useState('');

  const apply = async (
    change: (highlights: HighlightView[]) => HighlightView[],
    send: () => Promise<Result<ClipOutcome>>,
  ) => {
    client.setQueryData<Highlights>(key, (old) => old && { highlights: change(old.highlights) });
    const result = await send();
    setStatus(result.ok ? '' : result.error.message);
    await client.invalidateQueries({ queryKey: key });
  };
  const edit = (id: string, fields: { colour?: HighlightColour; note?: string }) =>
    apply(
      (all) => all.map((one) => (one.id === id ? { ...one, ...fields } : one)),
      () => sendMessage('changeHighlight', { spaceId, tabId, id, ...fields }),
    );
  const actions: HighlightActions = {
    onColour: (id, colour) => void edit(id, { colour }),
    onNote: (id, note) => void edit(id, { note }),
    onRemove: (id) =>
      void apply(
        (all) => all.filter((one) => one.id !== id),
        () => sendMessage('removeHighlight', { spaceId, tabId, id }),
      ),
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(highlightsMarkdown(list.data?.highlights ?? [], page));
      setStatus(t('highlightsCopied'));
    } catch {
      setStatus(t('highlightsCopyFailed'));
    }
  };

  return (
    <HighlightList
      highlights={list.data?.highlights ?? []}
      actions={actions}
      onCopy={() => void copy()}
      copyStatus={status}
    />
  );
}

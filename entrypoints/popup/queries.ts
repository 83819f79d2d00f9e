import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { browser } from 'wxt/browser';
import type { SerializedApiError } from '@/lib/api/errors';
import { type Result, sendMessage } from '@/lib/messaging';
import {
  clipTemplatesCopy,
  EMPTY_CLIP_TEMPLATE,
  keepChoicesCopy,
  outboxRevisionItem,
  spacePreferencesCopy,
} from '@/lib/storage';
import { learnTags } from './learn-tags';

/**
 * The popup's queries and their keys, in one place. Queries marked `persist` are written to
 * extension storage, so a warm popup renders the whole form before any message is answered, then
 * refreshes in the background (stale-while-revalidate).
 */
export const keys = {
  connections: ['connections'] as const,
  weblinkForm: (spaceId: string) => ['weblink-form', spaceId] as const,
  preferences: ['space-preferences'] as const,
  page: (tabId: number) => ['page', tabId] as const,
  tab: (tabId: number) => ['tab', tabId] as const,
  savedPage: (spaceId: string, url: string, where: 'history' | 'server') =>
    ['saved-page', spaceId, url, where] as const,
  savedObject: (spaceId: string, objectId: string) => ['saved-object', spaceId, objectId] as const,
  outbox: ['outbox'] as const,
  clipTemplates: ['clip-templates'] as const,
  keepChoices: ['keep-choices'] as const,
  article: (tabId: number) => ['article', tabId] as const,
};

const PERSIST = { persist: true } as const;

/** A failed Result becomes a rejected query, with the serialized error as its reason. */
export class ResultError extends Error {
  constructor(readonly error: SerializedApiError) {
    super(error.message);
  }
}

async function unwrap<T>(result: Promise<Result<T>>): Promise<T> {
  const answer = await result;
  if (!answer.ok) throw new ResultError(answer.error);
  return answer.value;
}

export function useConnections() {
  return useQuery({ queryKey: keys.connections, queryFn: () => sendMessage('getConnections'), meta: PERSIST });
}

export function useWeblinkForm(spaceId: string | undefined) {
  return useQuery({
    queryKey: keys.weblinkForm(spaceId ?? ''),
    queryFn: () => unwrap(sendMessage('getWeblinkForm', { spaceId: spaceId as string })),
    enabled: spaceId !== undefined,
    // Property definitions change rarely: fetched once in a while, shown from the cache meanwhile.
    staleTime: 10 * 60_000,
    meta: PERSIST,
  });
}

export function usePreferences() {
  return useQuery({ queryKey: keys.preferences, queryFn: () => spacePreferencesCopy.getValue() });
}

/** The space's clip template (fields from the page, the notes template); empty until the options page sets one. */
export function useClipTemplate(spaceId: string) {
  const templates = useQuery({ queryKey: keys.clipTemplates, queryFn: () => clipTemplatesCopy.getValue() });
  return templates.data?.[spaceId] ?? EMPTY_CLIP_TEMPLATE;
}

/** What the clips of each site kept last time, so the next clip of the site starts from it. */
export function useKeepChoices() {
  return useQuery({ queryKey: keys.keepChoices, queryFn: () => keepChoicesCopy.getValue() });
}

function readArticle(tabId: number) {
  return sendMessage('readArticle', { tabId });
}

/**
 * The page's article, read only when the clip needs it (it is kept, or a mapped field comes from
 * it): the article script is injected then, never with the first paint.
 */
export function useArticle(tabId: number | undefined, needed: boolean) {
  return useQuery({
    queryKey: keys.article(tabId ?? -1),
    queryFn: () => readArticle(tabId as number),
    enabled: needed && tabId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** The article for a save that keeps it: the one read already, or read now. */
export function articleForSave(client: QueryClient, tabId: number) {
  return client.fetchQuery({
    queryKey: keys.article(tabId),
    queryFn: () => readArticle(tabId),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** What the browser says of the tab right away (address, title): enough to save. */
export function useTab(tabId: number | undefined) {
  return useQuery({
    queryKey: keys.tab(tabId ?? -1),
    queryFn: () => browser.tabs.get(tabId as number),
    enabled: tabId !== undefined,
  });
}

/** The page as the content script reads it (metadata, selection); slower, so never awaited to paint. */
export function usePage(tabId: number | undefined) {
  return useQuery({
    queryKey: keys.page(tabId ?? -1),
    queryFn: () => sendMessage('readPage', { tabId: tabId as number }),
    enabled: tabId !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * A weblink of the tab's address already in the space: from this extension's history at once, and
 * only when that knows none, from the server (a title search, confirmed by the URL). Neither delays
 * the form: it is painted first, and the edit view follows when this is known.
 */
export function useSavedPage(spaceId: string, url: string | undefined, title: string | undefined) {
  const enabled = url !== undefined && /^https?:/.test(url);
  const ask = (where: 'history' | 'server') => () =>
    unwrap(sendMessage('findSavedPage', { spaceId, url: url as string, title: title ?? '', where }));
  const history = useQuery({
    queryKey: keys.savedPage(spaceId, url ?? '', 'history'),
    queryFn: ask('history'),
    enabled,
    retry: false,
  });
  const server = useQuery({
    queryKey: keys.savedPage(spaceId, url ?? '', 'server'),
    queryFn: ask('server'),
    enabled: enabled && title !== undefined && history.isSuccess && history.data === null,
    retry: false,
  });
  return history.data ?? server.data ?? null;
}

/** An object clipped earlier, as it is now (for the edit view). */
export function useSavedObject(spaceId: string, objectId: string | undefined) {
  return useQuery({
    queryKey: keys.savedObject(spaceId, objectId ?? ''),
    queryFn: async () => {
      const saved = await unwrap(sendMessage('getSavedObject', { spaceId, objectId: objectId as string }));
      learnTags(spaceId, saved.tags);
      return saved;
    },
    enabled: objectId !== undefined,
    retry: false,
  });
}

/** The outbox, refreshed whenever the background says it changed. */
export function useOutbox() {
  const client = useQueryClient();
  useEffect(() => outboxRevisionItem.watch(() => void client.invalidateQueries({ queryKey: keys.outbox })), [client]);
  return useQuery({ queryKey: keys.outbox, queryFn: () => sendMessage('getOutbox') });
}

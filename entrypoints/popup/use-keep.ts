import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { defaultKeep, keptBody, needsArticle } from '@/lib/clip/clip-prefill';
import type { ClipTemplate, KeepChoice, PageView } from '@/lib/messaging';
import { siteOf } from '@/lib/page-url';
import { type ArticleState, articleAvailable } from './keep-choice';
import { articleForSave, useArticle, useKeepChoices } from './queries';

/** What the kept body needs to know of the page, as the popup has read it. */
interface KeepPage {
  tabId: number | undefined;
  url: string;
  page: PageView | undefined;
  /** An object is being edited: a new body is not chosen then, and the article is not read. */
  editing: boolean;
  template: ClipTemplate;
  /** The choice kept in the popup's draft from an earlier open, if any. */
  keptChoice?: KeepChoice | undefined;
}

/** What a body for a save is: the notes with the article after them when it is kept, or why it cannot be. */
export type KeptBodyForSave =
  | { kind: 'body'; notes: string; keep: KeepChoice }
  | { kind: 'too-large'; oversizedBytes: number };

/**
 * What a new clip keeps as its body: as chosen, else as last time on this site. The article is read
 * only once it is needed (kept, or a mapped field comes from it), after the first paint; where it
 * cannot be kept (no article, a page no script may read), the link is.
 */
export function useKeep({ tabId, url, page, editing, template, keptChoice }: KeepPage) {
  const queryClient = useQueryClient();
  const keepChoices = useKeepChoices();
  const [chosen, setChosen] = useState<KeepChoice | undefined>(keptChoice);
  const hasSelection = page?.selection !== null && page?.selection !== undefined;
  const wanted = chosen ?? defaultKeep(keepChoices.data?.[siteOf(url)], hasSelection);
  const articleQuery = useArticle(tabId, !editing && !page?.unreadable && needsArticle(template, wanted));
  const articleState: ArticleState = page?.unreadable
    ? { kind: 'unreadable' }
    : (articleQuery.data ?? (articleQuery.isFetching ? { kind: 'reading' } : { kind: 'idle' }));
  const keep: KeepChoice =
    (wanted === 'article' && !articleAvailable(articleState)) || (wanted === 'selection' && !hasSelection)
      ? 'link'
      : wanted;

  /** The body a new weblink is sent with: the notes, and the article after them when it is kept (read now if not yet). */
  async function bodyForSave(notes: string, title: string): Promise<KeptBodyForSave> {
    if (keep !== 'article' || tabId === undefined) return { kind: 'body', notes, keep };
    const read = await articleForSave(queryClient, tabId);
    if (read.kind === 'too-large') return read;
    if (read.kind !== 'article') return { kind: 'body', notes, keep: 'link' };
    return { kind: 'body', notes: keptBody(notes, 'article', read, { url, title }, new Date()), keep };
  }

  return {
    keep,
    /** What the person chose in this draft, if anything. */
    chosen,
    choose: setChosen,
    hasSelection,
    articleState,
    article: articleState.kind === 'article' ? articleState : null,
    bodyForSave,
  };
}

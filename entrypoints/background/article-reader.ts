import { browser } from 'wxt/browser';
import type { ArticleCapture } from '@/lib/clip/article';
import { unreadableReason } from './page-reader';
import { ARTICLE_READER, runInPage } from './run-in-page';

/**
 * Reads the tab's article through the article reader, injected only now. Where no script may run,
 * or the answer is not one the script can give, the article is `unreadable` (the page can still
 * be saved by its address).
 */
export async function readArticle(tabId: number): Promise<ArticleCapture | { kind: 'unreadable' }> {
  const tab = await browser.tabs.get(tabId);
  if (unreadableReason(tab.url ?? tab.pendingUrl)) return { kind: 'unreadable' };
  return (await runInPage(tabId, ARTICLE_READER)) ?? { kind: 'unreadable' };
}

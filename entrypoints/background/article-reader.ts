import { browser } from 'wxt/browser';
import type { ArticleCapture } from '@/lib/clip/article';
import { articleCaptureSchema } from './article-capture-schema';
import { ARTICLE_READER_SCRIPT } from './injected-scripts';
import { unreadableReason } from './page-reader';

/**
 * Reads the tab's article through the article script, injected only now (it carries a reader-mode
 * library, so it never rides along with the selection script). Its answer is page data: validated
 * like any input, and where no script may run, or the answer is not one the script can give, the
 * article is `unreadable` (the page can still be saved by its address).
 */
export async function readArticle(tabId: number): Promise<ArticleCapture | { kind: 'unreadable' }> {
  const tab = await browser.tabs.get(tabId);
  if (unreadableReason(tab.url ?? tab.pendingUrl)) return { kind: 'unreadable' };
  try {
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      files: [ARTICLE_READER_SCRIPT],
    });
    const parsed = articleCaptureSchema.safeParse(injection?.result);
    return parsed.success ? parsed.data : { kind: 'unreadable' };
  } catch {
    // No host access (no activeTab grant), a discarded tab, or a page the browser protects.
    return { kind: 'unreadable' };
  }
}

import { defineContentScript } from 'wxt/utils/define-content-script';
import { extractArticle } from '@/lib/clip/article';

/**
 * Injected on demand (activeTab + scripting) only when a person keeps a page's article: finds the
 * article with Readability in an inert copy of the page (the page itself is only read) and returns
 * it as Markdown, as the script's result. It makes no API call, holds no token and sends no message.
 */
export default defineContentScript({
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main: () => extractArticle(document),
});

import { defineContentScript } from 'wxt/utils/define-content-script';
import { runArticleScript, takePrefillRequest } from '@/lib/clip/article-script';

/**
 * Injected on demand (activeTab + scripting) only when a clip keeps a page's article or a quick
 * clip applies the space's clip template: finds the article with Readability in an inert copy of
 * the page (the page itself is only read) and returns it as Markdown, or the template applied to
 * the page, as the script's result. It makes no API call, holds no token and sends no message.
 */
export default defineContentScript({
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main: () => runArticleScript(document, takePrefillRequest()),
});

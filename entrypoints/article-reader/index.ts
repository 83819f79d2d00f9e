import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { runArticleScript, takePrefillRequest } from './article-script';

/**
 * Injected on demand (activeTab + scripting), as `/article-reader.js`, only when a clip keeps a
 * page's article or a quick clip applies the space's clip template: finds the article with
 * Readability in an inert copy of the page (the page itself is only read) and returns it as
 * Markdown, or the template applied to the page, as the script's result. It makes no API call,
 * holds no token and sends no message; like the page reader, an unlisted script, so that nothing
 * announces it to the page.
 */
export default defineUnlistedScript(() => runArticleScript(document, takePrefillRequest()));

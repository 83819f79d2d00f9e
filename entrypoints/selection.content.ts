import { defineContentScript } from 'wxt/utils/define-content-script';
import { capturePage } from '@/lib/clip/page-capture';

/**
 * Injected on demand (activeTab + scripting) when a person clips: reads the selection and the
 * page's metadata and returns them as the script's result. It makes no API call, holds no token
 * and sends no message: the background reads the result of `scripting.executeScript`.
 */
export default defineContentScript({
  registration: 'runtime',
  noScriptStartedPostMessage: true,
  main: () => capturePage(document, window),
});

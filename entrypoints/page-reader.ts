import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { capturePage } from '@/lib/clip/page-capture';

/**
 * Injected on demand (activeTab + scripting) when a person clips, as `/page-reader.js`: reads the
 * selection and the page's metadata and returns them as the script's result. It makes no API
 * call, holds no token and sends no message: the background reads the result of
 * `scripting.executeScript`. An unlisted script, not a content script: WXT's content script
 * context announces every start with an event on the page's document, named with the extension's
 * public id, so a page could tell whenever Space Clipper reads it.
 */
export default defineUnlistedScript(() => capturePage(document, window));

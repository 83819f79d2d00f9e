import { defineUnlistedScript } from 'wxt/utils/define-unlisted-script';
import { runCapture, takeCaptureRequest } from '@/lib/capture/capture-script';

/**
 * Injected on demand (activeTab + scripting), as `/capture-reader.js`, when the space has an
 * enabled capture rule or tags to suggest: reads the page for the rules left for it
 * (lib/capture/capture-script.ts) and returns what a clip of it holds. Like the page reader, an
 * unlisted script that makes no API call, holds no token and sends no message.
 */
export default defineUnlistedScript(() => runCapture(document, window.location.href, takeCaptureRequest()));

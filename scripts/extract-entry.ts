/**
 * What `npm run extract` loads into the page: the capture script's code (lib/capture/
 * capture-script.ts), the same the extension injects as `/capture-reader.js`, exposed to the
 * CLI's `page.evaluate` instead of being run on injection.
 */
import { runCapture } from '../lib/capture/capture-script';

Object.assign(window, { spaceClipperCapture: runCapture });

/**
 * The built capture script (entrypoints/capture-reader.ts), as `scripting.executeScript` names
 * it. A module of its own, importing nothing, so that Node scripts (the bench) can read it too;
 * when the background injects it, it joins entrypoints/background/injected-scripts.ts.
 */
export const CAPTURE_READER_SCRIPT = '/capture-reader.js';

/** Where the request is left: `Symbol.for(CAPTURE_REQUEST_KEY)` on the script world's global. */
export const CAPTURE_REQUEST_KEY = 'space-clipper.capture-request';

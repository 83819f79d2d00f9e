/**
 * A clip body as the API takes it: the create request's Markdown, then ordered appends to the same
 * object, each within the published request limit. That limit counts characters (UTF-16 code
 * units); the parts are cut at as many UTF-8 bytes, and no text has more code units than UTF-8
 * bytes, so every part is within the limit in any script, and its JSON body stays small.
 */
import { MAX_REQUEST_MARKDOWN_CHARS } from '../api/schemas/requests';
import { splitMarkdown } from './split-markdown';

/** One part for a body within the limit; none for an empty one. */
export function requestParts(markdown: string): string[] {
  return splitMarkdown(markdown, MAX_REQUEST_MARKDOWN_CHARS);
}

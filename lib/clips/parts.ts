import { InvalidInputError } from '../api/errors';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { requestParts } from '../clip/request-parts';
import { utf8Length } from '../clip/split-markdown';
import { clipTooLarge } from '../error-text';

/**
 * A clip's Markdown as the outbox sends it: ordered parts within the request limit
 * (lib/clip/request-parts.ts), or refused with the reason when the whole is past what a clip may
 * carry (sending a hundred parts for one selection is not what anyone meant).
 */
export function markdownParts(markdown: string): string[] {
  const bytes = utf8Length(markdown);
  if (bytes > MAX_CLIP_BYTES) {
    const { detail, params } = clipTooLarge(bytes);
    throw new InvalidInputError({ endpoint: 'clip', code: 'clip_too_large', detail: detail ?? '', params });
  }
  return requestParts(markdown);
}

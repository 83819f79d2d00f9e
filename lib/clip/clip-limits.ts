/**
 * How much a clip may carry, shared by the content script (which stops converting a selection
 * past the limit) and the background (which splits and refuses Markdown by it).
 */

/** A clip larger than this is refused with the reason instead of being sent in very many parts. */
export const MAX_CLIP_BYTES = 5_000_000;

/** Size in megabytes as the limit messages state it ("5 MB", "25.3 MB"); rounded up, so over 5 MB never reads "5". */
export function megabytes(bytes: number): number {
  return Math.ceil(bytes / 100_000) / 10;
}

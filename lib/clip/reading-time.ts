/**
 * Silent reading speed of adults, in words per minute: the mean for non-fiction in English found
 * by Brysbaert's meta-analysis of 190 studies ("How many words do we read per minute?", Journal of
 * Memory and Language 109, 2019).
 */
export const WORDS_PER_MINUTE = 238;

/** Whole minutes to read `words` words, rounded up (a short text takes a minute); 0 for none. */
export function readingMinutes(words: number): number {
  return words > 0 ? Math.ceil(words / WORDS_PER_MINUTE) : 0;
}

/**
 * Adds the tags the popup met (a tag search's answer, a saved weblink's tags, which hold the ones
 * its clip created) to the space's tag vocabulary, which the suggested tags are chosen among
 * (capture/tag-vocabulary.ts). That module is imported only then: the first paint does not carry it.
 */
export function learnTags(spaceId: string, tags: readonly { id: string; title: string }[]): void {
  if (tags.length === 0) return;
  void import('./capture/tag-vocabulary').then(({ rememberTags }) => rememberTags(spaceId, tags));
}

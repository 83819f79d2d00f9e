/**
 * The title a weblink is created or renamed with: the service would use the URL for an empty one,
 * and so does every place that names the page (the popup's save, an update's new title). A module
 * of its own, free of the clip schemas, so the popup takes only this.
 */
export function weblinkTitle(clip: { title: string; url: string }): string {
  return clip.title.trim() || clip.url;
}

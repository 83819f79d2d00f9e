/**
 * A copy of the whole page in an inert document (no scripts, no image loads, no event handlers),
 * for work that rewrites the page's tree, such as a reader-mode library. The live page is only
 * read: what its stylesheets hide is marked on the copy while the live page can still tell.
 */
import { markHiddenInCopy } from './live-visibility';

export function inertPageCopy(doc: Document): Document {
  const copy = doc.implementation.createHTMLDocument('');
  const root = copy.importNode(doc.documentElement, true);
  copy.documentElement.remove();
  copy.append(root);
  if (doc.body && copy.body) markHiddenInCopy(doc.body, copy.body);
  return copy;
}

/**
 * The heading a passage falls under: the last heading (`<h1>`–`<h6>`, or `role="heading"`) that
 * starts before the passage does, which names the highlight's `location` in the space.
 */

const HEADINGS = 'h1, h2, h3, h4, h5, h6, [role="heading"]';

/** The text of the nearest heading before (or around) the boundary point, '' when there is none. */
export function nearestHeading(doc: Document, container: Node, offset: number): string {
  const point = doc.createRange();
  point.setStart(container, offset);
  let nearest: Element | undefined;
  for (const heading of doc.querySelectorAll(HEADINGS)) {
    // Headings come in document order: the last one starting before the point wins.
    if (point.comparePoint(heading, 0) > 0) break;
    nearest = heading;
  }
  return (nearest?.textContent ?? '').replace(/\s+/g, ' ').trim();
}

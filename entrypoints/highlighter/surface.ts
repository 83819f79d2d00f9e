/**
 * Where highlights are drawn: the page's `CSS.highlights` registry (the CSS Custom Highlight API),
 * behind a seam so that the rest of the highlighter runs where that API is missing (happy-dom in
 * unit tests, an old browser). Nothing is added to the page's DOM: the browser paints each name's
 * ranges with the `::highlight(name)` rules of public/highlights.css.
 */

export interface HighlightSurface {
  /** Paints `ranges` under `name`, in place of what that name painted before (nothing, when empty). */
  paint(name: string, ranges: readonly AbstractRange[]): void;
}

type HighlightApi = {
  CSS?: { highlights?: { set(name: string, value: unknown): unknown; delete(name: string): boolean } };
  Highlight?: new (...ranges: AbstractRange[]) => unknown;
};

/** The page's highlight registry, or undefined in a browser without the API. */
export function cssHighlightSurface(win: Window): HighlightSurface | undefined {
  const { CSS: css, Highlight } = win as unknown as HighlightApi;
  const registry = css?.highlights;
  if (!registry || !Highlight) return undefined;
  return {
    paint(name, ranges) {
      if (ranges.length === 0) registry.delete(name);
      else registry.set(name, new Highlight(...ranges));
    },
  };
}

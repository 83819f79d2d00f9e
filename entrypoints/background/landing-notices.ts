/**
 * The notifications of clips the outbox delivered while no popup was open. The first landing is
 * told at once, by its kind and title. Clips that land within a few seconds of the one before (a
 * queue drained after the connection came back) update that same notification with how many there
 * are and the latest titles, so that fifty clips delivered in a row are one notification, not fifty.
 */

/** Landings closer together than this are one burst, told in one notification. */
export const BURST_MS = 5_000;
const TITLES_SHOWN = 3;

export interface Notice {
  id: string;
  title: string;
  message: string;
}

export interface Landing {
  /** The landed object's id (a notification's id is made from the first landing of a burst). */
  id: string;
  /** What happened, e.g. "Saved to your space". */
  heading: string;
  /** What landed: the weblink's or object's title. */
  title: string;
}

export function createLandingNotices(options: {
  show(notice: Notice): void;
  /** The title of a burst's notification: "N clips sent to your space". */
  countHeading(count: number): string;
  now?: () => number;
}): (landing: Landing) => void {
  const now = options.now ?? Date.now;
  let burst: { id: string; titles: string[]; lastAt: number } | undefined;
  return (landing) => {
    const at = now();
    if (burst === undefined || at - burst.lastAt > BURST_MS) {
      burst = { id: `landed-${landing.id}`, titles: [landing.title], lastAt: at };
      options.show({ id: burst.id, title: landing.heading, message: landing.title });
      return;
    }
    burst.titles.push(landing.title);
    burst.lastAt = at;
    const latest = burst.titles.slice(-TITLES_SHOWN).reverse();
    const earlier = burst.titles.length > latest.length ? '\n…' : '';
    options.show({
      id: burst.id,
      title: options.countHeading(burst.titles.length),
      message: latest.join('\n') + earlier,
    });
  };
}

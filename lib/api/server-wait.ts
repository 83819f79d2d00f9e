/**
 * How long to wait before asking an endpoint again, bounded whatever the server says. A server
 * may be broken or hostile: an epoch time where seconds were meant, a negative or huge value, or
 * "0" on every refusal. Its word is taken only as a whole number of seconds up to a day, and even
 * then held between a second and five minutes; anything else tells nothing, and the client's own
 * back-off applies.
 */

export const SHORTEST_WAIT_MS = 1_000;
export const LONGEST_WAIT_MS = 5 * 60_000;
/** A longer wait is not a wait but a mistake (an epoch time, milliseconds read as seconds). */
const LONGEST_BELIEVED_SECONDS = 86_400;

/** A wait the server gave in seconds, in ms between the bounds; undefined when it tells nothing. */
export function serverWait(seconds: number): number | undefined {
  if (!Number.isInteger(seconds) || seconds < 0 || seconds > LONGEST_BELIEVED_SECONDS) return undefined;
  return Math.min(LONGEST_WAIT_MS, Math.max(SHORTEST_WAIT_MS, seconds * 1000));
}

/**
 * The client's own back-off after `failures` in a row: about a second, doubling up to `capMs`,
 * each a random 50–100 % of its step, so spaces (or clips) that failed together do not retry together.
 */
export function backoff(failures: number, random: () => number = Math.random, capMs = LONGEST_WAIT_MS): number {
  const step = Math.min(capMs, SHORTEST_WAIT_MS * 2 ** Math.max(0, failures - 1));
  return Math.round(step * (0.5 + random() * 0.5));
}

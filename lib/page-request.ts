/**
 * How a request reaches a script injected into a page (the capture reader, the article reader's
 * quick-clip template, the highlighter): the caller runs `leavePageRequest` in the page with
 * `scripting.executeScript` (as its `func`, the request its argument), then injects the script's file, which takes it with
 * `takePageRequest`. Both run in the extension's isolated world, under `Symbol.for(key)`: a symbol
 * no page script can name or read.
 *
 * The requests wait in a queue, first in first out, not in one slot. Two runs may overlap: the
 * popup asks the capture reader again when the tab's title arrives, and Firefox answered the two
 * steps of the first run after the second had left its request. With one slot the second request
 * overwrote the first, the first script took it and the second found none, so the popup showed no
 * rule (#24). A browser runs one caller's injections in the order they were asked, so each script
 * takes its own caller's request.
 */

/** Runs in the page, serialised by `executeScript`: self-contained (it may call nothing imported). */
export function leavePageRequest(key: string, request: unknown): void {
  const holder = globalThis as unknown as Record<symbol, unknown>;
  const slot = Symbol.for(key);
  const queue = holder[slot];
  if (Array.isArray(queue)) queue.push(request);
  else holder[slot] = [request];
}

/** The oldest request left under `key`, taken off the queue so a later run is not answered with it. */
export function takePageRequest(key: string, holder: Record<symbol, unknown> = globalThis as never): unknown {
  const slot = Symbol.for(key);
  const queue = holder[slot];
  if (!Array.isArray(queue)) return undefined;
  const request: unknown = queue.shift();
  if (queue.length === 0) delete holder[slot];
  return request;
}

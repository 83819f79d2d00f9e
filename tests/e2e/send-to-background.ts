import type { GetDataType, GetReturnType, Message } from '@webext-core/messaging';
import type { ProtocolMap } from '../../lib/messaging.ts';

/**
 * Sends one message of lib/messaging.ts's protocol to the background from an extension page, as
 * the popup and options page do, and returns its typed answer. The envelope is the messaging
 * library's own `Message` type, so a change to the protocol or to the library's format fails the
 * type check here instead of silently sending something the background ignores.
 */

/** The data argument of a message: none for messages that take none. */
export type MessageData<K extends keyof ProtocolMap> =
  GetDataType<ProtocolMap[K]> extends undefined ? [] : [data: GetDataType<ProtocolMap[K]>];

/** Runs a function with one serializable argument in an extension page (Playwright and puppeteer alike). */
export type EvaluateInExtension = <A, R>(fn: (arg: A) => R | Promise<R>, arg: A) => Promise<R>;

/** Evaluation in a page of the extension, from a Playwright or a puppeteer page alike. */
export function evaluateIn(page: { evaluate(fn: never, arg: never): Promise<unknown> }): EvaluateInExtension {
  return async (fn, arg) => (await page.evaluate(fn as never, arg as never)) as never;
}

/** What the messaging library answers: the handler's value, or the error it threw, serialized. */
type Answer<K extends keyof ProtocolMap> =
  | { res?: GetReturnType<ProtocolMap[K]>; err?: { message: string } }
  | undefined;

let nextId = 1;

/**
 * One message as the messaging library sends it, for a test that must send it from somewhere
 * `sendToBackground` cannot reach (a content script, to prove the background refuses it).
 */
export function messageTo<K extends keyof ProtocolMap>(type: K, ...[data]: MessageData<K>): Message<ProtocolMap, K> {
  return { id: nextId++, type, data: data as GetDataType<ProtocolMap[K]>, timestamp: Date.now() };
}

export async function sendToBackground<K extends keyof ProtocolMap>(
  evaluate: EvaluateInExtension,
  type: K,
  ...data: MessageData<K>
): Promise<GetReturnType<ProtocolMap[K]>> {
  const message = messageTo(type, ...data);
  const answer = await evaluate((envelope) => chrome.runtime.sendMessage(envelope) as Promise<Answer<K>>, message);
  if (!answer) throw new Error(`the background did not answer "${String(type)}"`);
  if (answer.err) throw new Error(`the background refused "${String(type)}": ${answer.err.message}`);
  return answer.res as GetReturnType<ProtocolMap[K]>;
}

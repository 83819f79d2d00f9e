import type { GetDataType, GetReturnType } from '@webext-core/messaging';
import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import { isApiError, serializeApiError } from '@/lib/api/errors';
import { messageSchemas } from '@/lib/message-schemas';
import { onMessage, type ProtocolMap, type Result } from '@/lib/messaging';

/**
 * The schema of every message type's data. Typed over the whole protocol: a message type without
 * a schema, or whose schema reads other data than the protocol says, does not compile.
 */
const schemas: { [K in keyof ProtocolMap]: z.ZodMiniType<GetDataType<ProtocolMap[K]>> } = messageSchemas;

type Sender = { id?: string; url?: string };

/**
 * Whether a message comes from one of the extension's own pages (popup, options), as opposed to
 * a content script, whose data is page data and never allowed to drive the background.
 */
export function isExtensionPage(sender: Sender): boolean {
  const origin = browser.runtime.getURL('/');
  return sender.id === browser.runtime.id && typeof sender.url === 'string' && sender.url.startsWith(origin);
}

export class RefusedMessageError extends Error {}

/**
 * Registers the background's handler for one message type. The data is validated with the
 * type's schema (lib/message-schemas.ts) before the handler sees it, and the sender must be an
 * extension page.
 */
export function handle<K extends keyof ProtocolMap>(
  type: K,
  handler: (data: GetDataType<ProtocolMap[K]>) => Promise<GetReturnType<ProtocolMap[K]>>,
): void {
  const schema: z.ZodMiniType<GetDataType<ProtocolMap[K]>> = schemas[type];
  onMessage(type, (message) => {
    if (!isExtensionPage(message.sender)) {
      throw new RefusedMessageError(`"${String(type)}" is only accepted from the extension's own pages`);
    }
    const parsed = schema.safeParse(message.data);
    if (!parsed.success) throw new RefusedMessageError(`"${String(type)}" carried invalid data`);
    return handler(parsed.data);
  });
}

/** Runs an operation and turns an API error into a failed Result; other errors stay errors. */
export async function asResult<T>(run: () => Promise<T>): Promise<Result<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    if (isApiError(error)) return { ok: false, error: serializeApiError(error) };
    throw error;
  }
}

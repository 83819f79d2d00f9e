import { defineExtensionMessaging } from '@webext-core/messaging';

/**
 * The one typed protocol between the extension's pages (popup, options), its content script and
 * the background. The background validates every message's data with zod before acting on it
 * (see `entrypoints/background/`), because a message is input like any other.
 * (No logger is configured: messages carry page text and clip payloads.)
 */
export interface ProtocolMap {
  /** Liveness check: answers with the running version (used by the e2e harness and the popup). */
  ping(): { version: string };
}

export const { sendMessage, onMessage } = defineExtensionMessaging<ProtocolMap>();

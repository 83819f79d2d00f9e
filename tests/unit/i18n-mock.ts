import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fakeBrowser } from 'wxt/testing/fake-browser';

type Messages = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

const english = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../../public/_locales/en/messages.json'), 'utf8'),
) as Messages;

/**
 * `browser.i18n.getMessage` as Chrome implements it for the English locale: named placeholders
 * (`$NAME$`) resolve to their `content` (`$1`…), then `$1`… take the substitutions.
 */
export function getEnglishMessage(key: string, substitutions?: string | string[]): string {
  const entry = english[key];
  if (!entry) return '';
  const subs = substitutions === undefined ? [] : Array.isArray(substitutions) ? substitutions : [substitutions];
  const named = entry.message.replace(/\$([A-Za-z0-9_]+)\$/g, (_, name: string) => {
    const placeholder = Object.entries(entry.placeholders ?? {}).find(([k]) => k.toLowerCase() === name.toLowerCase());
    return placeholder ? placeholder[1].content : '';
  });
  return named.replace(/\$(\d)/g, (_, n: string) => subs[Number(n) - 1] ?? '');
}

export function installI18nMock(): void {
  Object.assign(fakeBrowser.i18n, {
    getMessage: getEnglishMessage,
    getUILanguage: () => 'en',
  });
}

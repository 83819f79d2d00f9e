import { browser } from 'wxt/browser';
import type en from '../public/_locales/en/messages.json';

/** Every message id of `_locales/en/messages.json`: a missing string is a type error. */
export type MessageKey = keyof typeof en;

/**
 * A localised string. Substitutions fill `$1`…`$9` placeholders. Strings live in `_locales` so
 * the browser picks the person's language without shipping every translation in the bundle.
 */
export function t(key: MessageKey, substitutions?: string | string[]): string {
  return browser.i18n.getMessage(key, substitutions) || key;
}

/**
 * Marks the page as written in the language of the messages it shows (the browser falls back to
 * English for a language without a translation), so screen readers pronounce it and CJK text gets
 * its own glyphs.
 */
export function setPageLanguage(): void {
  document.documentElement.lang = t('languageTag');
}

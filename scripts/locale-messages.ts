/**
 * The extension's locales as a script sees them: whatever folders public/_locales holds, the tag a
 * browser is asked for to show each one, and each one's messages (falling back to English, as the
 * browser does for a key a locale lacks), to find the controls a person sees by their names.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from './extension-browser.ts';

const LOCALES_DIR = path.join(ROOT, 'public', '_locales');
/** The manifest's `default_locale`. */
export const DEFAULT_LOCALE = 'en';

type MessagesFile = Record<string, { message: string; placeholders?: Record<string, { content: string }> }>;

/** The locale folders under public/_locales (`pt_BR`), sorted. */
export function extensionLocales(): string[] {
  return readdirSync(LOCALES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
}

/** The BCP 47 tag a browser is asked for to show a locale folder's messages (`pt_BR` → `pt-BR`). */
export function browserLocaleTag(locale: string): string {
  return locale.replace('_', '-');
}

function readMessages(locale: string): MessagesFile {
  return JSON.parse(readFileSync(path.join(LOCALES_DIR, locale, 'messages.json'), 'utf8')) as MessagesFile;
}

/** A locale's messages by key, as `i18n.getMessage` answers them (`$1`… for substitutions in order). */
export class LocaleMessages {
  readonly locale: string;
  private readonly own: MessagesFile;
  private readonly fallback: MessagesFile;

  constructor(locale: string) {
    this.locale = locale;
    this.own = readMessages(locale);
    this.fallback = locale === DEFAULT_LOCALE ? this.own : readMessages(DEFAULT_LOCALE);
  }

  get(key: string, ...substitutions: string[]): string {
    const entry = this.own[key] ?? this.fallback[key];
    if (!entry) throw new Error(`no message "${key}" in ${this.locale} or ${DEFAULT_LOCALE}`);
    return entry.message.replace(/\$(\w+)\$/g, (whole, name: string) => {
      const content = entry.placeholders?.[name.toLowerCase()]?.content ?? whole;
      return content.replace(/\$(\d)/g, (_, index: string) => substitutions[Number(index) - 1] ?? '');
    });
  }

  /**
   * A key whose text in this locale differs from English (none for English itself): the browser
   * answering this text shows the locale, not the fallback.
   */
  distinctiveKey(): string | undefined {
    if (this.locale === DEFAULT_LOCALE) return undefined;
    return Object.keys(this.own).find(
      (key) => !this.own[key]?.message.includes('$') && this.own[key]?.message !== this.fallback[key]?.message,
    );
  }
}

import type { PageValueSource } from '@/lib/clip/page-sources';
import { type MessageKey, t } from '@/lib/i18n';

/** Each source's message is `source` and its name (`author` → `sourceAuthor`). */
function messageOf(source: PageValueSource): MessageKey {
  const key = `source${source.charAt(0).toUpperCase()}${source.slice(1)}` as `source${Capitalize<PageValueSource>}`;
  // A source without its message (public/_locales) does not compile here.
  return key;
}

/** A page value's name as the "Fill from" select offers it, in the person's language. */
export function sourceName(source: PageValueSource): string {
  return t(messageOf(source));
}

import type { PageValueSource } from '@/lib/clip/page-fields';
import { type MessageKey, t } from '@/lib/i18n';

const SOURCE_NAMES: Record<PageValueSource, MessageKey> = {
  author: 'sourceAuthor',
  published: 'sourcePublished',
  siteName: 'sourceSiteName',
  description: 'sourceDescription',
  language: 'sourceLanguage',
  readingTime: 'sourceReadingTime',
  wordCount: 'sourceWordCount',
  canonicalUrl: 'sourceCanonicalUrl',
  selection: 'sourceSelection',
  fixed: 'sourceFixed',
};

/** A page value's name as the "Fill from" select offers it, in the person's language. */
export function sourceName(source: PageValueSource): string {
  return t(SOURCE_NAMES[source]);
}

import { PAGE_VALUE_NAMES, type PageValueName } from '@/lib/capture/page-values';
import type { FieldSource } from '@/lib/capture/rules-schema';
import { type MessageKey, t } from '@/lib/i18n';

/** The sources a rule's field can name beside the page values, each with controls of its own. */
export const LOOKUP_KINDS = ['jsonLd', 'microdata', 'meta', 'selector', 'fixed'] as const;
export type SourceKind = PageValueName | (typeof LOOKUP_KINDS)[number];

const LOOKUP_MESSAGES: Record<(typeof LOOKUP_KINDS)[number], MessageKey> = {
  jsonLd: 'ruleSourceJsonLd',
  microdata: 'ruleSourceMicrodata',
  meta: 'ruleSourceMeta',
  selector: 'ruleSourceSelector',
  fixed: 'sourceFixed',
};

/** Each page value's message is `pageValue` and its name (`pdfUrl` → `pageValuePdfUrl`). */
function pageValueMessage(name: PageValueName): MessageKey {
  // A page value without its message (public/_locales) does not compile here.
  return `pageValue${name.charAt(0).toUpperCase()}${name.slice(1)}` as `pageValue${Capitalize<PageValueName>}`;
}

export function sourceKindName(kind: SourceKind): string {
  return t(
    kind in LOOKUP_MESSAGES
      ? LOOKUP_MESSAGES[kind as keyof typeof LOOKUP_MESSAGES]
      : pageValueMessage(kind as PageValueName),
  );
}

export function isPageValue(kind: string): kind is PageValueName {
  return (PAGE_VALUE_NAMES as readonly string[]).includes(kind);
}

/** A new field of this kind, empty where the person has to say more (a path, a selector). */
export function emptySource(kind: SourceKind): FieldSource {
  switch (kind) {
    case 'jsonLd':
    case 'microdata':
      return { source: kind, path: '' };
    case 'meta':
      return { source: 'meta', name: '' };
    case 'selector':
      return { source: 'selector', selector: '' };
    case 'fixed':
      return { source: 'fixed', value: '' };
    default:
      return { source: kind };
  }
}

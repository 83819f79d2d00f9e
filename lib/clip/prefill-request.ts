/**
 * What a quick clip leaves the article script before it runs, and what it gets back: the space's
 * clip template, applied where the page is read (entrypoints/article-reader/article-script.ts), which keeps the
 * mapping out of the background's bundle. Types and a name only: both sides import this.
 */
import type { PropertyValueInput } from '../api/schemas/property-values';
import type { KeepChoice } from '../clips/clip-fields';
import type { ClipTemplate } from '../message-schemas';
import type { PageMetadata } from './metadata';
import type { MappedDefinition } from './page-sources';

/** Where the request is left: a symbol of the extension's own script world, which no page can name. */
export const PREFILL_REQUEST_KEY = 'space-clipper.prefill-request';

/** The page as the clip has it. */
export interface PrefillPage {
  url: string;
  title: string;
  metadata: PageMetadata | null;
  selection: { markdown: string; text: string } | null;
}

export interface PrefillRequest {
  template: ClipTemplate;
  definitions: MappedDefinition[];
  keep: KeepChoice;
  page: PrefillPage;
  /** The capture time, ms since the epoch. */
  now: number;
}

/** A clip's typed properties and its body, as a quick clip saves them. */
export interface Prefill {
  properties: Record<string, PropertyValueInput>;
  notes: string;
}

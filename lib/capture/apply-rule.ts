/**
 * A rule applied to a page: everything a clip of it holds before anyone edits it — its type,
 * title, typed properties, the names to link per entity property, tags, collection, notes and
 * what it keeps. A pure function of the rule, the page reading and the space: no browser API,
 * no request. The popup prefills from it (and lets everything be changed), a quick clip saves it
 * as it is, and `npm run extract` prints it.
 *
 * Values reach the object in the rule's terms: each field's source gives texts
 * (`sourceTexts`), which the property's type reads (lib/capture/field-values.ts). The page's
 * address goes into the first writable URL property a field has not filled, as for a weblink.
 */
import { urlValue } from '../api/property-values';
import type { PropertyValueInput } from '../api/schemas/property-values';
import { renderNotesTemplate } from '../clip/notes-template';
import { propertyValueFor } from './field-values';
import type { LinkRequest } from './links';
import { isLookupSource, lookupKey } from './lookups';
import { LIST_VALUE_NAMES, type PageReading, type PageValueName, pickValues } from './page-values';
import { distinctNames } from './person-names';
import type { RuleChoice } from './rule-match';
import {
  fieldDefinition,
  type RuleTag,
  ruleCollection,
  ruleTag,
  type SpaceStructure,
  targetStructure,
} from './rule-target';
import type { CaptureRule, FieldSource } from './rules-schema';
import type { SpaceTag } from './tag-names';

/** What the rules need to know of a space: its types and its tags. */
export interface CaptureSpace {
  structures: SpaceStructure[];
  tags: SpaceTag[];
}

/** The clip around the page: its title as the page reader cleaned it, the selection, the time. */
export interface ClipContext {
  title?: string | null;
  /** The selection as Markdown, for a notes template's `{{selection}}`. */
  selectionMarkdown?: string | null;
  now: Date;
  /** IANA zone for `{{date}}`; the runtime's own without it. */
  timeZone?: string;
}

/** The texts one field's source gave, and where they came from. */
export interface FieldTexts {
  values: string[];
  from: string;
}

export interface AppliedRule {
  ruleIndex: number;
  ruleName: string;
  target: CaptureRule['target'];
  /** The type found in this space; null when the space has no such type (the rule cannot save). */
  structureId: string | null;
  title: string;
  /** Property id → value, for every field that the page filled and the type has. */
  properties: Record<string, PropertyValueInput>;
  /** Entity properties: names to find, then link or offer to create. */
  links: LinkRequest[];
  /** Property id (as the rule names it) → what its source found, typed or not. */
  fieldTexts: Record<string, FieldTexts>;
  tags: RuleTag[];
  collection: { id: string; title: string } | null;
  /** The rule's notes template rendered; null when the rule has none (the space's applies). */
  notes: string | null;
  keep: CaptureRule['keep'] | null;
  createMissing: boolean;
  /** What the rule names that this space lacks: `type`, `collection`, `field:<property id>`. */
  missing: string[];
}

/** The texts a field's source gives on this page; all of them for a list or a multiple property. */
export function sourceTexts(source: FieldSource, reading: PageReading, multiple: boolean): FieldTexts {
  if (source.source === 'fixed') return { values: [String(source.value)], from: 'fixed' };
  if (isLookupSource(source)) {
    const found = reading.lookups[lookupKey(source)] ?? [];
    return { values: (multiple ? found : found.slice(0, 1)).map(({ value }) => value), from: found[0]?.from ?? '' };
  }
  const found = reading.values[source.source] ?? [];
  const values = pickValues(found, LIST_VALUE_NAMES.has(source.source));
  return { values, from: found.find(({ value }) => value === values[0])?.from ?? '' };
}

function pageValueName(source: FieldSource): PageValueName | undefined {
  return source.source === 'fixed' || isLookupSource(source) ? undefined : source.source;
}

/** The notes the rule's template gives the page, with the values today's templates know. */
function ruleNotes(rule: CaptureRule, reading: PageReading, title: string, clip: ClipContext): string | null {
  if (!rule.notesTemplate?.trim()) return null;
  const first = (name: PageValueName) => reading.values[name]?.[0]?.value ?? null;
  const authors = pickValues(reading.values.authors, true);
  return renderNotesTemplate(rule.notesTemplate, {
    title,
    url: reading.url,
    selection: clip.selectionMarkdown ?? null,
    author: authors.length > 0 ? distinctNames(authors).join(', ') : null,
    published: first('published'),
    site: first('siteName'),
    now: clip.now,
    ...(clip.timeZone ? { timeZone: clip.timeZone } : {}),
  });
}

export function applyRule(
  { rule, index }: RuleChoice,
  reading: PageReading,
  space: CaptureSpace | null,
  clip: ClipContext,
): AppliedRule {
  const structure = space ? targetStructure(rule.target, space.structures) : undefined;
  const missing: string[] = space && !structure ? ['type'] : [];
  const properties: Record<string, PropertyValueInput> = {};
  const links: LinkRequest[] = [];
  const fieldTexts: Record<string, FieldTexts> = {};
  let title = clip.title?.trim() || reading.values.title?.[0]?.value || reading.url;
  for (const [propertyId, source] of Object.entries(rule.fields ?? {})) {
    const definition = structure ? fieldDefinition(propertyId, source, structure) : undefined;
    if (structure && !definition) missing.push(`field:${propertyId}`);
    const texts = sourceTexts(source, reading, definition?.multiple === true || definition?.type === 'entity');
    if (texts.values.length === 0) continue;
    fieldTexts[propertyId] = texts;
    if (!definition?.writable) continue;
    if (definition.type === 'entity') {
      const names = distinctNames(texts.values);
      links.push({
        propertyId: definition.id,
        propertyName: definition.name,
        structureIds: definition.allowedStructureIds ?? [],
        multiple: definition.multiple === true,
        names: definition.multiple ? names : names.slice(0, 1),
      });
      continue;
    }
    const value = propertyValueFor(definition, texts.values, pageValueName(source));
    if (value?.type === 'title') title = value.title.value;
    else if (value) properties[definition.id] = value;
  }
  if (structure && rule.target.kind === 'object') {
    const address = structure.propertyDefinitions.find(
      (definition) => definition.type === 'url' && definition.writable && !(definition.id in properties),
    );
    if (address) properties[address.id] = urlValue(reading.url);
  }
  const collection =
    rule.collection && structure ? ruleCollection(rule.collection, structure.collections ?? []) : undefined;
  if (rule.collection && structure && !collection) missing.push('collection');
  return {
    ruleIndex: index,
    ruleName: rule.name,
    target: rule.target,
    structureId: structure?.id ?? null,
    title,
    properties,
    links,
    fieldTexts,
    tags: (rule.tags ?? []).map((ref) => ruleTag(ref, space?.tags)),
    collection: collection ?? null,
    notes: ruleNotes(rule, reading, title, clip),
    keep: rule.keep ?? null,
    createMissing: rule.createMissing === true,
    missing,
  };
}

/**
 * A space's clip template as the options page edits it: per property, the source chosen in its
 * "Fill from" select and, for a fixed value, what the person typed (raw, so a mistake can be
 * shown back at the field). Turned into the stored `ClipTemplate` only when every field passes
 * the checks that `clipTemplateSchema` (lib/message-schemas.ts) would otherwise fail in the
 * background, after the round trip and without saying which field.
 */
import {
  MAX_FIXED_TEXT,
  MAX_FIXED_URL,
  MAX_NOTES_TEMPLATE,
  MAX_TEMPLATE_MAPPINGS,
} from '@/lib/clip/clip-template-limits';
import { type PageReadSource, sourcesFor } from '@/lib/clip/page-sources';
import { type FieldDefinition, isEditableDefinition } from '@/lib/fields/field-definition';
import { isHttpUrl, parseFieldNumber } from '@/lib/fields/field-validation';
import { t } from '@/lib/i18n';
import type { FieldMapping, StoredFixedValue } from '@/lib/message-schemas';
import type { ClipTemplate } from '@/lib/messaging';

export type FixedDraft =
  | { type: 'text'; text: string }
  | { type: 'number'; raw: string }
  | { type: 'boolean'; checked: boolean }
  | { type: 'url'; url: string }
  | { type: 'label'; optionId: string };

export type MappingDraft = { source: PageReadSource } | { source: 'fixed'; fixed: FixedDraft };

export interface TemplateDraft {
  /** By property id; a property without an entry is filled from nothing. */
  mappings: Record<string, MappingDraft>;
  notesTemplate: string;
}

/** A stored mapping the weblink type no longer takes; `definition` is undefined when the property is gone. */
export interface GoneMapping {
  mapping: FieldMapping;
  definition: FieldDefinition | undefined;
}

/** Where a draft cannot be saved: messages by property id, the notes template's, and the whole template's. */
export interface DraftErrors {
  mappings: Record<string, string>;
  notesTemplate?: string;
  template?: string;
}

/**
 * The properties a template can fill: writable ones the popup's form edits (so never title or
 * tags, which have controls of their own) that some page value fits.
 */
export function mappableDefinitions(fields: readonly FieldDefinition[]): FieldDefinition[] {
  return fields.filter((definition) => isEditableDefinition(definition) && sourcesFor(definition).length > 0);
}

/** What "A fixed value" starts as for a property, by its type; undefined for types no fixed value fits. */
export function emptyFixedDraft(definition: FieldDefinition): FixedDraft | undefined {
  switch (definition.type) {
    case 'text':
      return { type: 'text', text: '' };
    case 'number':
      return { type: 'number', raw: '' };
    case 'boolean':
      return { type: 'boolean', checked: false };
    case 'url':
      return { type: 'url', url: '' };
    case 'label':
      return { type: 'label', optionId: '' };
    default:
      return undefined;
  }
}

/** A stored fixed value as its input shows it; undefined when the property no longer takes it. */
function fixedDraftOf(value: StoredFixedValue, definition: FieldDefinition): FixedDraft | undefined {
  if (value.type !== definition.type) return undefined;
  switch (value.type) {
    case 'text':
      return value;
    case 'number':
      return { type: 'number', raw: String(value.number) };
    case 'boolean':
      return { type: 'boolean', checked: value.value };
    case 'url':
      return value;
    case 'label':
      return definition.labelSet?.some(({ id }) => id === value.optionId) ? value : undefined;
  }
}

/** A stored mapping as its row shows it; undefined when the property no longer takes it. */
function mappingDraftOf(mapping: FieldMapping, definition: FieldDefinition): MappingDraft | undefined {
  if (!sourcesFor(definition).includes(mapping.source)) return undefined;
  if (mapping.source !== 'fixed') return { source: mapping.source };
  const fixed = fixedDraftOf(mapping.value, definition);
  return fixed && { source: 'fixed', fixed };
}

/** The draft of a stored template, and the mappings it held that the weblink type no longer takes. */
export function draftFromTemplate(
  template: ClipTemplate,
  fields: readonly FieldDefinition[],
): { draft: TemplateDraft; gone: GoneMapping[] } {
  const mappable = mappableDefinitions(fields);
  const mappings: Record<string, MappingDraft> = {};
  const gone: GoneMapping[] = [];
  for (const mapping of template.fieldMappings) {
    const definition = mappable.find(({ id }) => id === mapping.propertyId);
    const draft = definition && mappingDraftOf(mapping, definition);
    if (draft) mappings[mapping.propertyId] = draft;
    else gone.push({ mapping, definition: fields.find(({ id }) => id === mapping.propertyId) });
  }
  return { draft: { mappings, notesTemplate: template.notesTemplate }, gone };
}

function tooLong(text: string, max: number): string | undefined {
  return text.length > max ? t('textTooLong', [String(max), String(text.length)]) : undefined;
}

type Checked<T> = { ok: true; value: T } | { ok: false; error: string };

function checked<T>(value: T, error: string | undefined): Checked<T> {
  return error === undefined ? { ok: true, value } : { ok: false, error };
}

/**
 * The fixed value to store, or why it cannot be. Beyond the schema's limits, an empty text, a
 * number that is not one, an address that is not http(s) and a missing option are refused too:
 * the popup would drop each of them (lib/clip/page-fields.ts), so saving one would set nothing.
 */
function checkedFixedValue(fixed: FixedDraft): Checked<StoredFixedValue> {
  switch (fixed.type) {
    case 'text':
      return checked(fixed, fixed.text.trim() === '' ? t('fixedTextMissing') : tooLong(fixed.text, MAX_FIXED_TEXT));
    case 'number': {
      const number = parseFieldNumber(fixed.raw);
      return number === undefined
        ? { ok: false, error: t('fieldInvalidNumber') }
        : { ok: true, value: { type: 'number', number } };
    }
    case 'boolean':
      return { ok: true, value: { type: 'boolean', value: fixed.checked } };
    case 'url': {
      const url = fixed.url.trim();
      return checked({ type: 'url', url }, isHttpUrl(url) ? tooLong(url, MAX_FIXED_URL) : t('fieldInvalidUrl'));
    }
    case 'label':
      return checked(fixed, fixed.optionId === '' ? t('fixedOptionMissing') : undefined);
  }
}

function checkedMapping(definition: FieldDefinition, mapping: MappingDraft): Checked<FieldMapping> {
  if (mapping.source !== 'fixed') return { ok: true, value: { propertyId: definition.id, source: mapping.source } };
  const fixed = checkedFixedValue(mapping.fixed);
  return fixed.ok ? { ok: true, value: { propertyId: definition.id, source: 'fixed', value: fixed.value } } : fixed;
}

export type TemplateCheck = { ok: true; template: ClipTemplate } | { ok: false; errors: DraftErrors };

/**
 * The template to store, or everything in the draft that cannot be saved. Only properties the
 * weblink type still lets a page value fill are kept, in its order: that is how a gone mapping is
 * dropped.
 */
export function checkTemplate(draft: TemplateDraft, fields: readonly FieldDefinition[]): TemplateCheck {
  const errors: DraftErrors = { mappings: {} };
  const fieldMappings: FieldMapping[] = [];
  for (const definition of mappableDefinitions(fields)) {
    const mapping = draft.mappings[definition.id];
    if (!mapping) continue;
    const result = checkedMapping(definition, mapping);
    if (result.ok) fieldMappings.push(result.value);
    else errors.mappings[definition.id] = result.error;
  }
  const notesTemplate = tooLong(draft.notesTemplate, MAX_NOTES_TEMPLATE);
  if (notesTemplate) errors.notesTemplate = notesTemplate;
  if (fieldMappings.length + Object.keys(errors.mappings).length > MAX_TEMPLATE_MAPPINGS) {
    errors.template = t('clipTemplateTooManyMappings', String(MAX_TEMPLATE_MAPPINGS));
  }
  const failed = Object.keys(errors.mappings).length > 0 || errors.notesTemplate || errors.template;
  return failed ? { ok: false, errors } : { ok: true, template: { fieldMappings, notesTemplate: draft.notesTemplate } };
}

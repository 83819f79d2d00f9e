/**
 * A space's clip template as the options page edits it: per property, the source chosen in its
 * "Fill from" select and, for a fixed value, the field value as the person enters it (raw, so a
 * mistake can be shown back at the field). Turned into the stored `ClipTemplate` only when every
 * field passes the checks that `clipTemplateSchema` (lib/message-schemas.ts) would otherwise
 * fail in the background, after the round trip and without saying which field.
 */
import {
  MAX_FIXED_TEXT,
  MAX_FIXED_URL,
  MAX_NOTES_TEMPLATE,
  MAX_TEMPLATE_MAPPINGS,
} from '@/lib/clip/clip-template-limits';
import { type PageReadSource, sourcesFor } from '@/lib/clip/page-sources';
import { fieldValueOfFixed, storedFixedValue } from '@/lib/clip/stored-fixed-value';
import { type FieldDefinition, isEditableDefinition } from '@/lib/fields/field-definition';
import { toPropertyValue } from '@/lib/fields/field-payload';
import { fieldValueProblem } from '@/lib/fields/field-validation';
import type { FieldValue, FieldValueType } from '@/lib/fields/field-value';
import { type MessageKey, t } from '@/lib/i18n';
import type { FieldMapping, StoredFixedValue } from '@/lib/message-schemas';
import type { ClipTemplate } from '@/lib/messaging';

/** What fills one property, as its row edits it: a page value, or a fixed value as entered. */
export type MappingDraft = { source: PageReadSource } | { source: 'fixed'; fixed: FieldValue };

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

/** A stored mapping as its row shows it; undefined when the property no longer takes it. */
function mappingDraftOf(mapping: FieldMapping, definition: FieldDefinition): MappingDraft | undefined {
  if (!sourcesFor(definition).includes(mapping.source)) return undefined;
  if (mapping.source !== 'fixed') return { source: mapping.source };
  const fixed = fieldValueOfFixed(mapping.value);
  // A fixed value of another type, or an option the label set no longer has.
  const fits = fixed.type === definition.type && fieldValueProblem(definition, fixed) === undefined;
  return fits ? { source: 'fixed', fixed } : undefined;
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
 * Why a fixed value that sends nothing is refused, by type: saving it would set nothing. An
 * unchecked checkbox is kept as chosen: it leaves the property unset, as an untouched one does.
 */
const SENDS_NOTHING: Partial<Record<FieldValueType, MessageKey>> = {
  text: 'fixedTextMissing',
  number: 'fieldInvalidNumber',
  url: 'fieldInvalidUrl',
  label: 'fixedOptionMissing',
};

/**
 * The fixed value to store, or why it cannot be: beyond the field's own checks, one that sends
 * nothing and one past the schema's limits. An address is stored trimmed.
 */
function checkedFixedValue(definition: FieldDefinition, fixed: FieldValue): Checked<StoredFixedValue> {
  const nothing = SENDS_NOTHING[fixed.type];
  if (nothing && toPropertyValue(definition, fixed) === undefined) return { ok: false, error: t(nothing) };
  const problem = fieldValueProblem(definition, fixed);
  if (problem) return { ok: false, error: t(problem) };
  const stored = storedFixedValue(fixed.type === 'url' ? { type: 'url', url: fixed.url.trim() } : fixed);
  if (stored?.type === 'text') return checked(stored, tooLong(stored.text, MAX_FIXED_TEXT));
  if (stored?.type === 'url') return checked(stored, tooLong(stored.url, MAX_FIXED_URL));
  // Only the kinds a fixed value can be are offered (lib/clip/page-sources.ts).
  return stored ? { ok: true, value: stored } : { ok: false, error: t('clipTemplateInvalid') };
}

function checkedMapping(definition: FieldDefinition, mapping: MappingDraft): Checked<FieldMapping> {
  if (mapping.source !== 'fixed') return { ok: true, value: { propertyId: definition.id, source: mapping.source } };
  const fixed = checkedFixedValue(definition, mapping.fixed);
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

import { issueDetail, issuePath } from '@/entrypoints/options/issue-text';
import type { RuleDefinition } from '@/lib/capture/field-values';
import { fieldDefinition, ruleCollection, type SpaceStructure, targetStructure } from '@/lib/capture/rule-target';
import { type CaptureRule, type FieldSource, ruleSchema } from '@/lib/capture/rules-schema';

/**
 * One rule as the rules editor holds it while a person edits it: lists as the text they type
 * (addresses one per line, the rest separated by commas), fields keyed by the property they fill
 * in this space. `ruleFromDraft` checks it with the rules file's own schema, so what the editor
 * saves is what an export writes and an import accepts; the rule's other fields (a newer version's,
 * the tags' ids) are kept.
 */
export interface RuleDraft {
  name: string;
  urls: string;
  types: string;
  meta: string;
  /** `weblink`, or the id of a type of the space (or of the rule, when this space lacks it). */
  target: string;
  fields: Record<string, FieldSource>;
  tags: string;
  collectionId: string;
  notesTemplate: string;
  keep: NonNullable<CaptureRule['keep']>;
  createMissing: boolean;
}

export const WEBLINK_TARGET = 'weblink';
export const NO_COLLECTION = '';

/** Where a refused draft is wrong: a control of the form (`name`, `urls`, `field:<property id>`, …). */
export type DraftErrors = Partial<Record<string, string>>;

const splitLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
const splitCommas = (text: string) =>
  text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);

// The property types a page value converts to (lib/capture/field-values.ts); entity: names to link.
const FILLABLE_TYPES = new Set(['title', 'text', 'number', 'boolean', 'url', 'date', 'label', 'entity']);

/** The properties a rule can fill: the writable ones of a type a page value converts to, but tags (the rule's own). */
export function fillableDefinitions(structure: SpaceStructure | undefined): RuleDefinition[] {
  return (structure?.propertyDefinitions ?? []).filter(
    (definition) => definition.writable && definition.id !== 'tags' && FILLABLE_TYPES.has(definition.type),
  );
}

export function draftFromRule(rule: CaptureRule, structures: readonly SpaceStructure[]): RuleDraft {
  const structure = targetStructure(rule.target, structures);
  const fields: Record<string, FieldSource> = {};
  for (const [propertyId, field] of Object.entries(rule.fields ?? {})) {
    // Found by the name it remembers when the rule came from another space: keyed by this one's id.
    const definition = structure ? fieldDefinition(propertyId, field, structure) : undefined;
    fields[definition?.id ?? propertyId] = field;
  }
  return {
    name: rule.name,
    urls: (rule.match.urls ?? []).join('\n'),
    types: (rule.match.types ?? []).join(', '),
    meta: (rule.match.meta ?? []).join(', '),
    target: rule.target.kind === 'weblink' ? WEBLINK_TARGET : (structure?.id ?? rule.target.structureId),
    fields,
    tags: (rule.tags ?? []).map(({ title }) => title).join(', '),
    // By title when the rule came from another space; else its own id, kept though this type lacks it.
    collectionId:
      (rule.collection && structure ? ruleCollection(rule.collection, structure.collections ?? [])?.id : undefined) ??
      rule.collection?.id ??
      NO_COLLECTION,
    notesTemplate: rule.notesTemplate ?? '',
    keep: rule.keep ?? 'link',
    createMissing: rule.createMissing ?? false,
  };
}

function targetOf(draft: RuleDraft, rule: CaptureRule, structure: SpaceStructure | undefined): CaptureRule['target'] {
  if (draft.target === WEBLINK_TARGET) return { kind: 'weblink' };
  if (structure) return { kind: 'object', structureId: structure.id, structureTitle: structure.title };
  // A type this space lacks stays as the rule named it: another space may have it.
  return rule.target;
}

function fieldsOf(draft: RuleDraft, structure: SpaceStructure | undefined): Record<string, FieldSource> {
  const fields: Record<string, FieldSource> = {};
  for (const [propertyId, field] of Object.entries(draft.fields)) {
    const definition = structure?.propertyDefinitions.find(({ id }) => id === propertyId);
    fields[propertyId] = definition ? { ...field, property: definition.name } : field;
  }
  return fields;
}

function tagsOf(text: string, before: CaptureRule['tags']): NonNullable<CaptureRule['tags']> {
  return splitCommas(text).map((title) => before?.find((tag) => tag.title === title) ?? { title });
}

/** Which control an issue of the rule's schema belongs to. */
function controlOf(path: readonly PropertyKey[]): string {
  const [first, second] = path;
  if (first === 'match' && typeof second === 'string') return second;
  if (first === 'fields' && typeof second === 'string') return `field:${second}`;
  if (first === 'tags') return 'tags';
  return typeof first === 'string' ? first : 'name';
}

export type DraftCheck = { ok: true; rule: CaptureRule } | { ok: false; errors: DraftErrors; first: string };

/** The edited rule, checked by the rules file's schema; else the first wrong control and why. */
export function ruleFromDraft(draft: RuleDraft, rule: CaptureRule, structures: readonly SpaceStructure[]): DraftCheck {
  const structure =
    draft.target === WEBLINK_TARGET
      ? targetStructure({ kind: 'weblink' }, structures)
      : structures.find(({ id }) => id === draft.target);
  const found = structure?.collections?.find(({ id }) => id === draft.collectionId);
  const collection = found
    ? { id: found.id, title: found.title }
    : draft.collectionId !== NO_COLLECTION && draft.collectionId === rule.collection?.id
      ? rule.collection
      : undefined;
  const { urls: _u, types: _t, meta: _m, ...otherMatch } = rule.match;
  const urls = splitLines(draft.urls);
  const types = splitCommas(draft.types);
  const meta = splitCommas(draft.meta);
  const candidate: CaptureRule = {
    ...rule,
    name: draft.name.trim(),
    match: {
      ...otherMatch,
      ...(urls.length ? { urls } : {}),
      ...(types.length ? { types } : {}),
      ...(meta.length ? { meta } : {}),
    },
    target: targetOf(draft, rule, structure),
    fields: fieldsOf(draft, structure),
    tags: tagsOf(draft.tags, rule.tags),
    collection: collection ?? null,
    notesTemplate: draft.notesTemplate,
    keep: draft.keep,
    createMissing: draft.createMissing,
  };
  const result = ruleSchema.safeParse(candidate);
  if (result.success) return { ok: true, rule: result.data };
  const [issue] = result.error.issues;
  const control = issue ? controlOf(issue.path) : 'name';
  const detail = issue ? `${issuePath(issue)}: ${issueDetail(issue)}` : '';
  return { ok: false, errors: { [control]: detail }, first: control };
}

/** The rules with the one at `index` moved by `delta` places (no move past either end). */
export function moveRule<T>(rules: readonly T[], index: number, delta: -1 | 1): T[] {
  const to = index + delta;
  if (to < 0 || to >= rules.length) return [...rules];
  const moved = [...rules];
  const [rule] = moved.splice(index, 1);
  moved.splice(to, 0, rule as T);
  return moved;
}

/** A fresh id, unique among `rules` (an imported rule keeps its own unless it is taken). */
export function uniqueRuleId(rules: readonly CaptureRule[], wanted?: string): string {
  const taken = new Set(rules.map(({ id }) => id));
  if (wanted && !taken.has(wanted)) return wanted;
  let id = crypto.randomUUID();
  while (taken.has(id)) id = crypto.randomUUID();
  return id;
}

import { type FormEvent, useEffect, useRef, useState } from 'react';
import { Field } from '@/components/field';
import { creatableTypes, WEBLINK_STRUCTURE } from '@/lib/api/structures';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import type { CaptureRule, FieldSource } from '@/lib/capture/rules-schema';
import { t } from '@/lib/i18n';
import {
  type DraftErrors,
  draftFromRule,
  fillableDefinitions,
  NO_COLLECTION,
  type RuleDraft,
  ruleFromDraft,
  WEBLINK_TARGET,
} from './rule-draft';
import { RuleFieldRow } from './rule-field-row';

const KEEPS = [
  ['link', 'keepLink'],
  ['article', 'keepArticle'],
  ['selection', 'keepSelection'],
] as const;

export type CaptureRuleFormProps = {
  rule: CaptureRule;
  /** Every type of the space, as its structures list them. */
  structures: readonly SpaceStructure[];
  onSave(rule: CaptureRule): void;
  onCancel(): void;
};

/** Editing one rule: what it matches, what it saves, which page value fills each property. */
export function CaptureRuleForm({ rule, structures, onSave, onCancel }: CaptureRuleFormProps) {
  const [draft, setDraft] = useState(() => draftFromRule(rule, structures));
  const [found, setErrors] = useState<DraftErrors>({});
  // The rules file's technical detail (its path and what it expects), framed in the person's language.
  const errors = Object.fromEntries(
    Object.entries(found).map(([control, detail]) => [control, detail && t('ruleFieldInvalid', detail)]),
  );
  const [attempts, setAttempts] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const set = <K extends keyof RuleDraft>(key: K, value: RuleDraft[K]) =>
    setDraft((current) => ({ ...current, [key]: value }));

  // Keyboard first: the form opens at its name, and a refused save goes to the field that says why.
  useEffect(() => {
    const target = attempts > 0 ? '[aria-invalid="true"]' : 'input';
    form.current?.querySelector<HTMLElement>(target)?.focus();
  }, [attempts]);

  const types = creatableTypes(structures);
  const structure =
    draft.target === WEBLINK_TARGET
      ? structures.find(({ id }) => id === WEBLINK_STRUCTURE)
      : structures.find(({ id }) => id === draft.target);
  const missingType = draft.target !== WEBLINK_TARGET && !structure && rule.target.kind === 'object';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const check = ruleFromDraft(draft, rule, structures);
    setErrors(check.ok ? {} : check.errors);
    setAttempts((count) => count + 1);
    if (check.ok) onSave(check.rule);
  };

  const setField = (propertyId: string, field: FieldSource | undefined) =>
    setDraft((current) => {
      const { [propertyId]: _old, ...others } = current.fields;
      return { ...current, fields: field ? { ...others, [propertyId]: field } : others };
    });

  const textField = (key: 'name' | 'types' | 'meta' | 'tags', label: string, hint?: string) => (
    <Field label={label} hint={hint} error={errors[key]}>
      {(control) => (
        <input {...control} type="text" value={draft[key]} onChange={(event) => set(key, event.target.value)} />
      )}
    </Field>
  );

  return (
    <form ref={form} className="rule-form" onSubmit={submit} noValidate aria-label={t('editRuleHeading', rule.name)}>
      {textField('name', t('ruleNameLabel'))}
      <fieldset className="rule-group">
        <legend>{t('ruleMatchLegend')}</legend>
        <p className="field-hint">{t('ruleMatchHint')}</p>
        <Field label={t('ruleUrlsLabel')} hint={t('ruleUrlsHint')} error={errors.urls}>
          {(control) => (
            <textarea
              {...control}
              rows={2}
              spellCheck={false}
              value={draft.urls}
              onChange={(event) => set('urls', event.target.value)}
            />
          )}
        </Field>
        {textField('types', t('ruleTypesLabel'), t('ruleTypesHint'))}
        {textField('meta', t('ruleMetaLabel'), t('ruleMetaHint'))}
      </fieldset>
      <Field label={t('ruleTargetLabel')} error={errors.target}>
        {(control) => (
          <select {...control} value={draft.target} onChange={(event) => set('target', event.target.value)}>
            <option value={WEBLINK_TARGET}>{t('ruleTargetWeblink')}</option>
            {types.map(({ id, title }) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
            {missingType && (
              <option value={draft.target}>
                {t('ruleTargetMissing', rule.target.kind === 'object' ? rule.target.structureTitle : '')}
              </option>
            )}
          </select>
        )}
      </Field>
      <fieldset className="rule-group">
        <legend>{t('ruleFieldsLegend')}</legend>
        {fillableDefinitions(structure).map((definition) => (
          <RuleFieldRow
            key={definition.id}
            definition={definition}
            field={draft.fields[definition.id]}
            onChange={(field) => setField(definition.id, field)}
            error={errors[`field:${definition.id}`]}
          />
        ))}
      </fieldset>
      {textField('tags', t('tagsLabel'), t('ruleTagsHint'))}
      <Field label={t('collectionLabel')}>
        {(control) => (
          <select {...control} value={draft.collectionId} onChange={(event) => set('collectionId', event.target.value)}>
            <option value={NO_COLLECTION}>{t('ruleNoCollection')}</option>
            {(structure?.collections ?? []).map(({ id, title }) => (
              <option key={id} value={id}>
                {title}
              </option>
            ))}
            {rule.collection?.id === draft.collectionId &&
              !structure?.collections?.some(({ id }) => id === draft.collectionId) && (
                <option value={draft.collectionId}>{t('ruleTargetMissing', rule.collection.title)}</option>
              )}
          </select>
        )}
      </Field>
      <Field label={t('notesTemplateLabel')} hint={t('ruleNotesHint')} error={errors.notesTemplate}>
        {(control) => (
          <textarea
            {...control}
            rows={3}
            value={draft.notesTemplate}
            onChange={(event) => set('notesTemplate', event.target.value)}
          />
        )}
      </Field>
      <Field label={t('keepLegend')}>
        {(control) => (
          <select
            {...control}
            value={draft.keep}
            onChange={(event) => set('keep', event.target.value as RuleDraft['keep'])}
          >
            {KEEPS.map(([value, message]) => (
              <option key={value} value={value}>
                {t(message)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field label={t('ruleCreateMissingLabel')} hint={t('ruleCreateMissingHint')} variant="check">
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={draft.createMissing}
            onChange={(event) => set('createMissing', event.target.checked)}
          />
        )}
      </Field>
      <div className="button-row">
        <button type="submit" className="button button-primary">
          {t('saveRule')}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          {t('cancelRuleEdit')}
        </button>
      </div>
    </form>
  );
}

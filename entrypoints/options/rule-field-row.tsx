import { Field } from '@/components/field';
import type { RuleDefinition } from '@/lib/capture/field-values';
import { PAGE_VALUE_NAMES } from '@/lib/capture/page-values';
import type { FieldSource } from '@/lib/capture/rules-schema';
import { t } from '@/lib/i18n';
import { emptySource, isPageValue, LOOKUP_KINDS, type SourceKind, sourceKindName } from './rule-source-names';

const NOTHING = '';

export type RuleFieldRowProps = {
  definition: RuleDefinition;
  /** Undefined: the rule leaves the property empty. */
  field: FieldSource | undefined;
  onChange(field: FieldSource | undefined): void;
  error: string | undefined;
};

/** The field with `key` set to `text`, or without it when an optional text is cleared. */
function withText(field: FieldSource, key: string, text: string, optional = false): FieldSource {
  const { [key]: _old, ...rest } = field as Record<string, unknown>;
  return (optional && text === '' ? rest : { ...rest, [key]: text }) as FieldSource;
}

/** One property of the rule's type: which page value fills it, and what that source needs said. */
export function RuleFieldRow({ definition, field, onChange, error }: RuleFieldRowProps) {
  const kind = field?.source ?? NOTHING;
  const choose = (value: string) => {
    if (value === NOTHING) return onChange(undefined);
    const fresh = emptySource(value as SourceKind);
    onChange(field?.property ? { ...fresh, property: field.property } : fresh);
  };
  // The error goes to the first control the person fills for this source.
  const onSelect = isPageValue(kind) || kind === NOTHING ? error : undefined;
  const text = (key: string, label: string, optional = false, hint?: string, shown?: string) => (
    <Field label={label} hint={hint} error={shown}>
      {(control) => (
        <input
          {...control}
          type="text"
          spellCheck={false}
          value={String((field as Record<string, unknown> | undefined)?.[key] ?? '')}
          onChange={(event) => field && onChange(withText(field, key, event.target.value, optional))}
        />
      )}
    </Field>
  );

  return (
    <fieldset className="mapping-row">
      <legend>{definition.name}</legend>
      <Field label={t('fillFromLabel')} error={onSelect}>
        {(control) => (
          <select {...control} value={kind} onChange={(event) => choose(event.target.value)}>
            <option value={NOTHING}>{t('fillFromNothing')}</option>
            <optgroup label={t('rulePageValuesGroup')}>
              {PAGE_VALUE_NAMES.map((name) => (
                <option key={name} value={name}>
                  {sourceKindName(name)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t('ruleOtherSourcesGroup')}>
              {LOOKUP_KINDS.map((name) => (
                <option key={name} value={name}>
                  {sourceKindName(name)}
                </option>
              ))}
            </optgroup>
          </select>
        )}
      </Field>
      {(kind === 'jsonLd' || kind === 'microdata') && (
        <>
          {text('path', t('ruleSourcePathLabel'), false, t('ruleSourcePathHint'), error)}
          {text('type', t('ruleSourceTypeLabel'), true)}
        </>
      )}
      {kind === 'meta' && text('name', t('ruleSourceMetaLabel'), false, undefined, error)}
      {kind === 'selector' && (
        <>
          {text('selector', t('ruleSourceSelectorLabel'), false, undefined, error)}
          {text('attribute', t('ruleSourceAttributeLabel'), true)}
        </>
      )}
      {kind === 'fixed' && text('value', t('fixedValueLabel'), false, undefined, error)}
    </fieldset>
  );
}

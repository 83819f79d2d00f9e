import { Field } from '@/components/field';
import { ARTICLE_SOURCES, sourcesFor } from '@/lib/clip/page-sources';
import { emptyFieldValue, type FieldDefinition } from '@/lib/fields/field-definition';
import { t } from '@/lib/i18n';
import type { MappingDraft } from './clip-template-draft';
import { FixedValueInput } from './fixed-value-input';
import { sourceName } from './source-names';

const NOTHING = '';

export type FieldMappingRowProps = {
  definition: FieldDefinition;
  /** Undefined: the property is filled from nothing. */
  mapping: MappingDraft | undefined;
  onChange(mapping: MappingDraft | undefined): void;
  error: string | undefined;
};

/** One property of the weblink type: what fills it, offering only the page values its type takes. */
export function FieldMappingRow({ definition, mapping, onChange, error }: FieldMappingRowProps) {
  const sources = sourcesFor(definition);
  const offersArticleSource = sources.some((source) => ARTICLE_SOURCES.has(source));

  const choose = (value: string) => {
    const source = sources.find((candidate) => candidate === value);
    if (source === undefined) {
      onChange(undefined);
    } else if (source !== 'fixed') {
      onChange({ source });
    } else {
      const fixed = emptyFieldValue(definition);
      if (fixed) onChange({ source, fixed });
    }
  };

  return (
    <fieldset className="mapping-row">
      <legend>{definition.name}</legend>
      <Field label={t('fillFromLabel')} hint={offersArticleSource ? t('articleSourcesHint') : undefined}>
        {(control) => (
          <select {...control} value={mapping?.source ?? NOTHING} onChange={(event) => choose(event.target.value)}>
            <option value={NOTHING}>{t('fillFromNothing')}</option>
            {sources.map((source) => (
              <option key={source} value={source}>
                {sourceName(source)}
              </option>
            ))}
          </select>
        )}
      </Field>
      {mapping?.source === 'fixed' && (
        <FixedValueInput
          definition={definition}
          value={mapping.fixed}
          onChange={(fixed) => onChange({ source: 'fixed', fixed })}
          error={error}
        />
      )}
    </fieldset>
  );
}

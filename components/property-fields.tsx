import { emptyFieldValue, type FieldDefinition } from '@/lib/fields/field-definition';
import type { FieldValue } from '@/lib/fields/field-value';
import { DateField } from './date-field';
import { EntityField, type SearchEntities } from './entity-field';
import { Field } from './field';
import { LabelField } from './label-field';

export type PropertyFieldsProps = {
  definitions: FieldDefinition[];
  values: Record<string, FieldValue>;
  onChange(id: string, value: FieldValue): void;
  errors: Record<string, string | undefined>;
  searchEntities: SearchEntities;
  /** Delay before an object-select field asks the server; tests shorten it. */
  debounceMs?: number;
};

type PropertyFieldProps = {
  definition: FieldDefinition;
  value: FieldValue;
  onChange(value: FieldValue): void;
  error: string | undefined;
  searchEntities: SearchEntities;
  debounceMs: number | undefined;
};

/** One control for one property, chosen by the value's type. */
function PropertyField({ definition, value, onChange, error, searchEntities, debounceMs }: PropertyFieldProps) {
  const { name } = definition;
  switch (value.type) {
    case 'text':
      return (
        <Field label={name} error={error}>
          {(control) => (
            <input
              {...control}
              type="text"
              value={value.text}
              onChange={(event) => onChange({ type: 'text', text: event.target.value })}
            />
          )}
        </Field>
      );
    case 'number':
      return (
        <Field label={name} error={error}>
          {(control) => (
            // Text, not type="number": the raw entry must survive so a mistake can be shown and fixed.
            <input
              {...control}
              type="text"
              inputMode="decimal"
              value={value.raw}
              onChange={(event) => onChange({ type: 'number', raw: event.target.value })}
            />
          )}
        </Field>
      );
    case 'boolean':
      return (
        <Field label={name} error={error} variant="check">
          {(control) => (
            <input
              {...control}
              type="checkbox"
              checked={value.checked}
              onChange={(event) => onChange({ type: 'boolean', checked: event.target.checked })}
            />
          )}
        </Field>
      );
    case 'url':
      return (
        <Field label={name} error={error}>
          {(control) => (
            <input
              {...control}
              type="url"
              value={value.url}
              onChange={(event) => onChange({ type: 'url', url: event.target.value })}
            />
          )}
        </Field>
      );
    case 'date':
      return (
        <DateField
          label={name}
          resolution={definition.dateResolution ?? 'day'}
          value={value.value}
          onChange={(next) => onChange({ type: 'date', value: next })}
          error={error}
        />
      );
    case 'label':
      return (
        <LabelField
          definition={definition}
          ids={value.ids}
          onChange={(ids) => onChange({ type: 'label', ids })}
          error={error}
        />
      );
    case 'entity':
      return (
        <EntityField
          label={name}
          allowedStructureIds={definition.allowedStructureIds ?? []}
          items={value.items}
          onChange={(items) => onChange({ type: 'entity', items })}
          searchEntities={searchEntities}
          error={error}
          debounceMs={debounceMs}
        />
      );
  }
}

/**
 * The writable properties of a structure, one labelled control each. Read-only ones, the title and
 * tags (which have their own controls) and types the form cannot edit are left out.
 */
export function PropertyFields({
  definitions,
  values,
  onChange,
  errors,
  searchEntities,
  debounceMs,
}: PropertyFieldsProps) {
  return (
    <div className="property-fields">
      {definitions.map((definition) => {
        const empty = emptyFieldValue(definition);
        if (!empty) return null;
        const current = values[definition.id];
        return (
          <PropertyField
            key={definition.id}
            definition={definition}
            value={current?.type === empty.type ? current : empty}
            onChange={(value) => onChange(definition.id, value)}
            error={errors[definition.id]}
            searchEntities={searchEntities}
            debounceMs={debounceMs}
          />
        );
      })}
    </div>
  );
}

import type { LinkedObject } from '@/lib/fields/field-value';
import { t } from '@/lib/i18n';
import { ChipCombobox } from './chip-combobox';
import { Field } from './field';

export type SearchEntities = (
  query: string,
  allowedStructureIds: string[],
  signal: AbortSignal,
) => Promise<LinkedObject[]>;

export type EntityFieldProps = {
  label: string;
  allowedStructureIds: string[];
  items: LinkedObject[];
  onChange(items: LinkedObject[]): void;
  searchEntities: SearchEntities;
  error?: string | undefined;
  debounceMs?: number;
};

/** An object-select property: search existing objects by title, chips for the linked ones. */
export function EntityField({
  label,
  allowedStructureIds,
  items,
  onChange,
  searchEntities,
  error,
  debounceMs = 200,
}: EntityFieldProps) {
  return (
    <Field label={label} error={error}>
      {(control) => (
        <ChipCombobox
          control={control}
          selected={items}
          removeLabel={(title) => t('entityRemove', title)}
          onRemove={(index) => onChange(items.filter((_, i) => i !== index))}
          sources={{
            // Nothing is known before the server answers: objects are not cached like tags.
            local: () => [],
            search: (query, signal) => searchEntities(query, allowedStructureIds, signal),
            debounceMs,
          }}
          onPick={(item) => onChange([...items, item])}
        />
      )}
    </Field>
  );
}

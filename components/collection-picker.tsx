import { t } from '@/lib/i18n';
import { Field } from './field';

export type CollectionOption = { id: string; title: string };

export type CollectionPickerProps = {
  collections: CollectionOption[];
  /** null: the object is placed where the space puts new objects by default. */
  value: string | null;
  onChange(next: string | null): void;
  id?: string;
  error?: string | undefined;
};

/** The "Collection" select; a native control, so keyboard and screen readers work as everywhere. */
export function CollectionPicker({ collections, value, onChange, id, error }: CollectionPickerProps) {
  return (
    <Field label={t('collectionLabel')} id={id} error={error}>
      {(control) => (
        <select {...control} value={value ?? ''} onChange={(event) => onChange(event.target.value || null)}>
          <option value="">{t('collectionNone')}</option>
          {collections.map((collection) => (
            <option key={collection.id} value={collection.id}>
              {collection.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

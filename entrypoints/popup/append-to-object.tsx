import { useState } from 'react';
import { EntityField } from '@/components/entity-field';
import { Field } from '@/components/field';
import type { LinkedObject } from '@/lib/fields/field-value';
import { t } from '@/lib/i18n';
import { type ClipRequest, sendMessage } from '@/lib/messaging';

/** "Add to an object": an object found by title (optionally of one type), and the button that appends the notes to it. */
export function AppendToObject({
  spaceId,
  types,
  disabled,
  markdown,
  source,
  onAppend,
}: {
  spaceId: string;
  /** The space's types whose body text can be appended to. */
  types: { id: string; title: string }[];
  disabled: boolean;
  /** The notes to append, and the page they quote. */
  markdown: string;
  source: { url: string; title: string };
  onAppend(clip: ClipRequest): void;
}) {
  const [target, setTarget] = useState<LinkedObject[]>([]);
  const [type, setType] = useState('');
  const chosen = target[0];
  return (
    <div className="append-row">
      <EntityField
        label={t('addToObjectLabel')}
        allowedStructureIds={type ? [type] : []}
        items={target}
        onChange={(items) => setTarget(items.slice(-1))}
        searchEntities={async (query, structureIds) => {
          const result = await sendMessage('searchObjects', {
            spaceId,
            query,
            ...(structureIds.length > 0 ? { structureIds } : {}),
          });
          return result.ok ? result.value.map(({ id, title }) => ({ id, title })) : [];
        }}
      />
      {types.length > 0 && (
        <Field label={t('objectTypeLabel')}>
          {(control) => (
            <select {...control} value={type} onChange={(event) => setType(event.target.value)}>
              <option value="">{t('objectTypeAny')}</option>
              {types.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.title}
                </option>
              ))}
            </select>
          )}
        </Field>
      )}
      {chosen && (
        <button
          type="button"
          className="button"
          disabled={disabled}
          onClick={() => onAppend({ kind: 'append', objectId: chosen.id, objectTitle: chosen.title, markdown, source })}
        >
          {t('addToObjectButton', chosen.title)}
        </button>
      )}
    </div>
  );
}

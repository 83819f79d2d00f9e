import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import type { Status } from '@/components/status-region';
import { sourcesFor } from '@/lib/clip/page-sources';
import type { FieldDefinition } from '@/lib/fields/field-definition';
import { t } from '@/lib/i18n';
import { type ClipTemplate, sendMessage } from '@/lib/messaging';
import {
  checkTemplate,
  type DraftErrors,
  draftFromTemplate,
  type GoneMapping,
  type MappingDraft,
  mappableDefinitions,
} from './clip-template-draft';
import { FieldMappingRow } from './field-mapping-row';
import { NotesTemplateField } from './notes-template-field';
import { sourceName } from './source-names';

const NO_ERRORS: DraftErrors = { mappings: {} };

function goneText({ mapping, definition }: GoneMapping): string {
  const source = sourceName(mapping.source);
  if (!definition) return t('mappingGoneMissing', source);
  // Still fillable with a fixed value, only not with the stored one (its option or type changed).
  if (mapping.source === 'fixed' && sourcesFor(definition).includes('fixed')) {
    return t('mappingGoneFixed', definition.name);
  }
  return t('mappingGoneUnfit', [definition.name, source]);
}

export type ClipTemplateEditorProps = {
  spaceId: string;
  spaceTitle: string;
  /** The weblink type's property definitions, as `getWeblinkForm` gives them. */
  fields: FieldDefinition[];
  stored: ClipTemplate;
  onNotice(notice: Status): void;
  onSaved(): void;
};

/** One space's clip template: what fills each property, the notes template, and saving them. */
export function ClipTemplateEditor({
  spaceId,
  spaceTitle,
  fields,
  stored,
  onNotice,
  onSaved,
}: ClipTemplateEditorProps) {
  const [initial] = useState(() => draftFromTemplate(stored, fields));
  const [draft, setDraft] = useState(initial.draft);
  const [gone, setGone] = useState(initial.gone);
  // Errors show from the first attempt to save on, and follow each change after it.
  const [attempts, setAttempts] = useState(0);
  const form = useRef<HTMLFormElement>(null);
  const check = checkTemplate(draft, fields);
  const errors = attempts > 0 && !check.ok ? check.errors : NO_ERRORS;
  const definitions = mappableDefinitions(fields);

  const save = useMutation({
    mutationFn: (template: ClipTemplate) => sendMessage('saveClipTemplate', { spaceId, template }),
    onSuccess: () => {
      setGone([]);
      onNotice({ message: t('clipTemplateSaved', spaceTitle), tone: 'info' });
      onSaved();
    },
    // The background answers nothing but success; a refusal reaches here as a rejected message.
    onError: () => onNotice({ message: t('clipTemplateSaveFailed'), tone: 'error' }),
  });

  // Keyboard first: a refused save takes the focus to the first field that says why.
  useEffect(() => {
    if (attempts > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [attempts]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setAttempts((count) => count + 1);
    if (!check.ok) {
      onNotice({ message: check.errors.template ?? t('clipTemplateInvalid'), tone: 'error' });
      return;
    }
    save.mutate(check.template);
  };

  const setMapping = (propertyId: string, mapping: MappingDraft | undefined) =>
    setDraft((current) => {
      const { [propertyId]: _replaced, ...others } = current.mappings;
      return { ...current, mappings: mapping ? { ...others, [propertyId]: mapping } : others };
    });

  return (
    <form ref={form} className="clip-template" onSubmit={submit} noValidate>
      <h3>{t('clipTemplatePropertiesHeading')}</h3>
      {definitions.length === 0 && <p className="field-hint">{t('clipTemplateNoProperties')}</p>}
      {definitions.map((definition) => (
        <FieldMappingRow
          key={definition.id}
          definition={definition}
          mapping={draft.mappings[definition.id]}
          onChange={(mapping) => setMapping(definition.id, mapping)}
          error={errors.mappings[definition.id]}
        />
      ))}
      {gone.length > 0 && (
        <div className="mappings-gone">
          <p>{t('mappingsGoneHeading')}</p>
          <ul>
            {gone.map((entry) => (
              <li key={`${entry.mapping.propertyId}:${entry.mapping.source}`}>{goneText(entry)}</li>
            ))}
          </ul>
        </div>
      )}
      <NotesTemplateField
        value={draft.notesTemplate}
        onChange={(notesTemplate) => setDraft((current) => ({ ...current, notesTemplate }))}
        error={errors.notesTemplate}
      />
      <div className="button-row">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('saveClipTemplate')}
        </button>
      </div>
    </form>
  );
}

import { Fragment, useId } from 'react';
import { Field } from '@/components/field';
import { NOTES_TEMPLATE_VARIABLES, type NotesTemplateValues, renderNotesTemplate } from '@/lib/clip/notes-template';
import { t } from '@/lib/i18n';

/**
 * What the preview fills the template with: a page whose title carries Markdown and HTML
 * characters, so the preview shows them staying text; the selection is Markdown already, as the
 * clip converter makes it.
 */
function sampleValues(now: Date): NotesTemplateValues {
  return {
    title: t('previewSampleTitle'),
    url: 'https://example.com/articles/sample-page',
    selection: t('previewSampleSelection'),
    author: t('previewSampleAuthor'),
    published: '2025-03-14T09:30:00+01:00',
    site: t('previewSampleSite'),
    now,
  };
}

function VariableList() {
  return NOTES_TEMPLATE_VARIABLES.map((name, index) => (
    <Fragment key={name}>
      {index > 0 && ', '}
      <code>{`{{${name}}}`}</code>
    </Fragment>
  ));
}

export type NotesTemplateFieldProps = {
  value: string;
  onChange(value: string): void;
  error: string | undefined;
};

/** The notes template and its live preview, rendered as the popup renders it and shown as plain text. */
export function NotesTemplateField({ value, onChange, error }: NotesTemplateFieldProps) {
  const previewHeadingId = useId();
  const preview = renderNotesTemplate(value, sampleValues(new Date()));
  return (
    <>
      <Field
        label={t('notesTemplateLabel')}
        error={error}
        hint={
          <>
            {t('notesTemplateHint')} <VariableList />
          </>
        }
      >
        {(control) => (
          <textarea
            {...control}
            rows={6}
            spellCheck={false}
            value={value}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
      </Field>
      <section className="notes-preview" aria-labelledby={previewHeadingId}>
        <h3 id={previewHeadingId}>{t('notesPreviewHeading')}</h3>
        <p className="field-hint">{t('notesPreviewHint')}</p>
        {preview === '' ? (
          <p className="field-hint">{t('notesPreviewEmpty')}</p>
        ) : (
          <pre className="notes-preview-text">{preview}</pre>
        )}
      </section>
    </>
  );
}

import { useLayoutEffect, useRef } from 'react';
import { t } from '@/lib/i18n';
import { Field } from './field';

export type NotesFieldProps = {
  value: string;
  onChange(value: string): void;
  /** Ctrl+Enter (⌘+Enter on macOS): save without reaching for the mouse. */
  onSubmit(): void;
  id?: string;
  /** Pixels the box may grow to before it scrolls. */
  maxHeight?: number;
  error?: string | undefined;
};

/** The "Notes" box (Markdown); grows with its text up to `maxHeight`. */
export function NotesField({ value, onChange, onSubmit, id, maxHeight = 240, error }: NotesFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);

  // Measured after every change, before paint, so the box never flickers between heights.
  // CSS `field-sizing: content` would do this, but Firefox does not support it yet.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height depends on the text, which `value` stands for
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box) return;
    box.style.height = 'auto';
    // Read once: each read after a style change lays the page out again, before the first paint too.
    const contentHeight = box.scrollHeight;
    box.style.height = `${Math.min(contentHeight, maxHeight)}px`;
    box.style.overflowY = contentHeight > maxHeight ? 'auto' : 'hidden';
  }, [value, maxHeight]);

  return (
    <Field label={t('notesLabel')} id={id} hint={t('notesHint')} error={error}>
      {(control) => (
        <textarea
          {...control}
          ref={ref}
          rows={3}
          value={value}
          onChange={(event) => onChange(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              onSubmit();
            }
          }}
        />
      )}
    </Field>
  );
}

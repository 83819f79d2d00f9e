import { useLayoutEffect, useRef, useState } from 'react';
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

/**
 * CSS `field-sizing: content` (Chromium 123 on): the browser grows the box with its text, in the
 * layout it does anyway. Firefox ESR does not have it yet: there the box is measured.
 */
function browserSizesTextBoxes(): boolean {
  return typeof CSS !== 'undefined' && CSS.supports?.('field-sizing', 'content') === true;
}

/** The "Notes" box (Markdown); grows with its text up to `maxHeight`, then scrolls. */
export function NotesField({ value, onChange, onSubmit, id, maxHeight = 240, error }: NotesFieldProps) {
  const ref = useRef<HTMLTextAreaElement>(null);

  const [sizesItself] = useState(browserSizesTextBoxes);

  // Where the browser cannot size the box to its text, it is measured after every change, before
  // paint, so that it never flickers between heights. A measure lays the page out inside React's
  // commit, and the height it writes has the page laid out again before the paint.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the height depends on the text, which `value` stands for
  useLayoutEffect(() => {
    const box = ref.current;
    if (!box || sizesItself) return;
    box.style.height = 'auto';
    // Read once: each read after a style change lays the page out again, before the first paint too.
    // The height is the border box's (theme.css): the text's height, its padding and its border.
    const contentHeight = box.scrollHeight + box.offsetHeight - box.clientHeight;
    box.style.height = `${Math.min(contentHeight, maxHeight)}px`;
    box.style.overflowY = contentHeight > maxHeight ? 'auto' : 'hidden';
  }, [value, maxHeight, sizesItself]);

  return (
    <Field label={t('notesLabel')} id={id} hint={t('notesHint')} error={error}>
      {(control) => (
        <textarea
          {...control}
          ref={ref}
          rows={3}
          className={sizesItself ? 'notes-sizes-itself' : undefined}
          style={sizesItself ? { maxHeight } : undefined}
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

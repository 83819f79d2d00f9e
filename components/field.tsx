import { type ReactNode, useId } from 'react';

/** Spread onto the control so its label, hint and error reach assistive technology. */
export type FieldControl = {
  id: string;
  'aria-describedby': string | undefined;
  'aria-invalid': true | undefined;
};

export type FieldProps = {
  label: string;
  children(control: FieldControl): ReactNode;
  hint?: ReactNode;
  error?: string | undefined;
  id?: string;
  /**
   * `check`: a checkbox with its label beside it. `group`: several controls under one
   * `<fieldset>`/`<legend>` (the ids the children derive from `control.id` are theirs to choose).
   */
  variant?: 'stack' | 'check' | 'group';
};

/** The id of a field's `<label>`, for controls (a listbox) that are named by it too. */
export function fieldLabelId(controlId: string): string {
  return `${controlId}-label`;
}

/** A labelled control with its hint and error text, wired with `aria-describedby`/`aria-invalid`. */
export function Field({ label, children, hint, error, id, variant = 'stack' }: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = `${controlId}-hint`;
  const errorId = `${controlId}-error`;
  const describedBy = [error ? errorId : undefined, hint ? hintId : undefined].filter(Boolean).join(' ') || undefined;
  const details = (
    <>
      {hint && (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field-error">
          {error}
        </p>
      )}
    </>
  );

  if (variant === 'group') {
    // The group carries the description; `aria-invalid` is not allowed on a group, so the error
    // text itself (and its style) tells that something is wrong.
    return (
      <fieldset className="field field-group" aria-describedby={describedBy}>
        <legend>{label}</legend>
        {children({ id: controlId, 'aria-describedby': undefined, 'aria-invalid': undefined })}
        {details}
      </fieldset>
    );
  }
  return (
    <div className={variant === 'check' ? 'field field-check' : 'field'}>
      <label id={fieldLabelId(controlId)} htmlFor={controlId}>
        {label}
      </label>
      {children({ id: controlId, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
      {details}
    </div>
  );
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { useFocusFirstInvalid } from './use-focus-invalid';

/** A form whose fields are folded away until a refused save opens them, as the popup's properties. */
function Form() {
  const invalid = useFocusFirstInvalid();
  const [open, setOpen] = useState(false);
  return (
    <form
      ref={invalid.formRef}
      onSubmit={(event) => {
        event.preventDefault();
        setOpen(true);
        invalid.focusFirstInvalid();
      }}
    >
      <label>
        Title
        <input />
      </label>
      {open && (
        <>
          <label>
            Pages
            <input aria-invalid />
          </label>
          <label>
            Link
            <input aria-invalid />
          </label>
        </>
      )}
      <button type="submit">Save page</button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('moves the focus to the first wrong field after a refused save, even one shown only now', async () => {
    const user = userEvent.setup();
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Save page' }));
    expect(screen.getByRole('textbox', { name: 'Pages' })).toHaveFocus();
  });
});

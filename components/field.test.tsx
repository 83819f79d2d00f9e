import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Field } from './field';

describe('Field', () => {
  it('names the control by its label and describes it by its hint', () => {
    render(
      <Field label="Title" hint="Shown in your space">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Title' });
    expect(input).toHaveAccessibleDescription('Shown in your space');
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the control invalid and links the error text, error first', () => {
    render(
      <Field label="Price" hint="In euros" error="Enter a number">
        {(control) => <input {...control} />}
      </Field>,
    );
    const input = screen.getByRole('textbox', { name: 'Price' });
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Enter a number In euros');
  });

  it('uses the given id for the control', () => {
    render(
      <Field label="Title" id="title">
        {(control) => <input {...control} />}
      </Field>,
    );
    expect(screen.getByRole('textbox', { name: 'Title' })).toHaveAttribute('id', 'title');
  });

  it('groups several controls under a fieldset whose legend names it and whose error describes it', () => {
    render(
      <Field label="Topics" variant="group" error="Choose one">
        {(control) => (
          <>
            <input id={`${control.id}-a`} type="checkbox" />
            <label htmlFor={`${control.id}-a`}>Art</label>
          </>
        )}
      </Field>,
    );
    const group = screen.getByRole('group', { name: 'Topics' });
    expect(group).toHaveAccessibleDescription('Choose one');
    expect(screen.getByRole('checkbox', { name: 'Art' })).toBeInTheDocument();
  });
});

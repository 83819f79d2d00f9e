import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fieldsOpenPreference } from '@/lib/storage';
import type { ClipDraft } from './use-clip-draft';
import { PropertySection, useFieldsOpen } from './weblink-fields';

/** The section as the clip form wires it: the choice kept by `useFieldsOpen`, the section below. */
function Section() {
  const [open, setOpen] = useFieldsOpen();
  const draft = { values: {}, errors: {}, setValue: () => {} } as unknown as ClipDraft;
  return (
    <PropertySection spaceId="space" draft={draft} definitions={[]} formLoading={false} open={open} onOpen={setOpen} />
  );
}

const details = () => screen.getByText(/^Properties/).closest('details') as HTMLDetailsElement;

afterEach(() => localStorage.clear());

describe('the "Properties" section', () => {
  it('opens as the person left it in an earlier popup', () => {
    fieldsOpenPreference.write(true);
    render(<Section />);
    expect(details().open).toBe(true);
  });

  it('stays folded when it was left folded, and remembers being opened', async () => {
    fieldsOpenPreference.write(false);
    render(<Section />);
    expect(details().open).toBe(false);
    await userEvent.click(screen.getByText(/^Properties/));
    await expect.poll(() => fieldsOpenPreference.read()).toBe(true);
    expect(details().open).toBe(true);
  });
});

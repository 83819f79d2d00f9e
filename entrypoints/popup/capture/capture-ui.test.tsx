import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { AppliedRule } from '@/lib/capture/apply-rule';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { appliedPaperRule } from '@/tests/support/applied-rule';
import { DailyNoteDay, today } from '../daily-note-day';
import { LinkChips, useConfirmedNames } from './link-chips';
import { RuleLine } from './rule-line';
import { SuggestedTags } from './suggested-tags';
import type { ResolvedLink } from './use-capture';

const rule = (name: string): CaptureRule =>
  ({ id: name, name, enabled: true, match: {}, target: { kind: 'weblink' } }) as CaptureRule;

const applied = appliedPaperRule({ ruleIndex: 1 });

describe('the rule line', () => {
  it('names the rule applied and offers the space’s other rules, or none', async () => {
    const user = userEvent.setup();
    const onChoose = vi.fn();
    render(
      <RuleLine rules={[rule('Article'), rule('Paper')]} applied={applied} typeTitle="Paper" onChoose={onChoose} />,
    );
    expect(screen.getByText('Rule: Paper')).toBeVisible();
    expect(screen.getByText('Saved as: Paper')).toBeVisible();
    const menu = screen.getByRole('combobox', { name: 'Capture rule' });
    expect(menu).toHaveValue('1');
    expect(
      within(menu)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['No rule', 'Article', 'Paper']);
    await user.selectOptions(menu, 'Article');
    expect(onChoose).toHaveBeenLastCalledWith(0);
    await user.selectOptions(menu, 'No rule');
    expect(onChoose).toHaveBeenLastCalledWith(-1);
  });

  it('shows "No rule" chosen when none applies, and nothing when the space has no rule', () => {
    const { rerender } = render(
      <RuleLine rules={[rule('Paper')]} applied={null} typeTitle={undefined} onChoose={vi.fn()} />,
    );
    expect(screen.queryByText(/^Rule:/)).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Capture rule' })).toHaveValue('-1');
    rerender(<RuleLine rules={[]} applied={null} typeTitle={undefined} onChoose={vi.fn()} />);
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});

const authors: ResolvedLink = {
  propertyId: 'authors',
  propertyName: 'Authors',
  outcomes: [
    { name: 'Ada Lovelace', found: { id: 'ada', structureId: 'person', title: 'Ada Lovelace' } },
    { name: 'Grace Hopper', create: { structureId: 'person', title: 'Grace Hopper' } },
  ],
};

function Chips({ rule: shown, onConfirmed }: { rule: AppliedRule; onConfirmed(keys: string[]): void }) {
  const [confirmed, toggle] = useConfirmedNames(shown, [authors]);
  onConfirmed([...confirmed]);
  return (
    <LinkChips
      links={[authors]}
      structures={[{ id: 'person', title: 'Person' }]}
      confirmed={confirmed}
      onToggle={toggle}
    />
  );
}

describe('the names to link', () => {
  it('offers "Create Person “…”" for a name the space lacks, as a toggle, and none for one it has', async () => {
    const user = userEvent.setup();
    const onConfirmed = vi.fn();
    render(<Chips rule={applied} onConfirmed={onConfirmed} />);
    expect(screen.getByRole('group', { name: 'Authors' })).toHaveTextContent('Ada Lovelace');
    expect(screen.queryByRole('button', { name: /Ada Lovelace/ })).toBeNull();
    const chip = screen.getByRole('button', { name: 'Create Person “Grace Hopper”' });
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'true');
    expect(onConfirmed).toHaveBeenLastCalledWith(['authors\nGrace Hopper']);
    await user.click(chip);
    expect(chip).toHaveAttribute('aria-pressed', 'false');
    expect(onConfirmed).toHaveBeenLastCalledWith([]);
  });

  it('starts with every name confirmed when the rule creates missing ones', () => {
    render(<Chips rule={{ ...applied, createMissing: true }} onConfirmed={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Create Person “Grace Hopper”' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });
});

describe('"Suggested tags"', () => {
  it('is a group of buttons named by their tags; one adds its tag', async () => {
    const user = userEvent.setup();
    const onAdd = vi.fn();
    render(
      <SuggestedTags
        tags={[
          { id: 'js', title: 'JavaScript' },
          { id: 'fp', title: 'Functional programming' },
        ]}
        onAdd={onAdd}
      />,
    );
    const group = screen.getByRole('group', { name: 'Suggested tags' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['JavaScript', 'Functional programming']);
    await user.click(within(group).getByRole('button', { name: 'JavaScript' }));
    expect(onAdd).toHaveBeenCalledWith({ id: 'js', title: 'JavaScript' });
  });

  it('is not there without a suggestion', () => {
    render(<SuggestedTags tags={[]} onAdd={vi.fn()} />);
    expect(screen.queryByRole('group', { name: 'Suggested tags' })).toBeNull();
  });
});

describe('"Daily note day"', () => {
  function Day() {
    const [day, setDay] = useState('2026-11-26');
    return (
      <>
        <DailyNoteDay day={day} onChange={setDay} />
        <output>{day}</output>
      </>
    );
  }

  it('is a labelled date field the person can set to another day, and emptied is today again', () => {
    render(<Day />);
    const field = screen.getByLabelText('Daily note day');
    expect(field).toHaveAttribute('type', 'date');
    expect(field).toHaveValue('2026-11-26');
    fireEvent.change(field, { target: { value: '2026-11-25' } });
    expect(screen.getByRole('status')).toHaveTextContent('2026-11-25');
    fireEvent.change(field, { target: { value: '' } });
    expect(screen.getByRole('status')).toHaveTextContent(today());
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { TagRef } from '@/lib/messaging';
import { definitions } from '@/tests/support/field-definitions';
import { ClipList } from './clip-list';
import { CollectionPicker } from './collection-picker';
import { NotesField } from './notes-field';
import { PropertyFields } from './property-fields';
import { SpaceSwitcher } from './space-switcher';
import { StatusRegion } from './status-region';
import { TagPicker } from './tag-picker';

/*
 * axe over every component together, in the states that matter (errors shown, the tag listbox open
 * with an active option). happy-dom does no layout or painting, so axe reports color-contrast as
 * "incomplete" instead of checking it (and layout rules like target-size find nothing to measure):
 * theme.test.ts checks the colour pairs from the tokens, and the lead's Playwright run with @axe-core/playwright checks the
 * rendered popup and options page in Chromium, light and dark.
 */

let style: HTMLStyleElement;
beforeEach(() => {
  style = document.createElement('style');
  style.textContent = readFileSync(path.join(import.meta.dirname, 'theme.css'), 'utf8');
  document.head.append(style);
  document.documentElement.lang = 'en';
});
afterEach(() => style.remove());

const noop = () => {};
const tags = [
  { id: 't1', title: 'Reading' },
  { id: 't2', title: 'Research' },
];

function Popup() {
  const [selected, setSelected] = useState<TagRef[]>([
    { kind: 'existing', id: 't1', title: 'Reading' },
    { kind: 'new', title: 'Later' },
  ]);
  const [notes, setNotes] = useState('');
  return (
    <main className="popup">
      <h1>Space Clipper</h1>
      <form onSubmit={(event) => event.preventDefault()}>
        <SpaceSwitcher
          spaces={[
            { id: 's1', title: 'Personal', state: 'connected' },
            { id: 's2', title: 'Work', state: 'needs-sign-in' },
          ]}
          value="s1"
          onChange={noop}
        />
        <TagPicker
          selected={selected}
          onChange={setSelected}
          recentTags={tags}
          searchTags={() => new Promise(noop)}
          pinnedTagIds={['t1']}
          onTogglePin={noop}
        />
        <CollectionPicker collections={[{ id: 'c1', title: 'Articles' }]} value={null} onChange={noop} />
        <PropertyFields
          definitions={definitions}
          values={{
            rating: { type: 'number', raw: 'many' },
            project: { type: 'entity', items: [{ id: 'o1', title: 'Plan' }] },
          }}
          onChange={noop}
          errors={{
            rating: 'Enter a number, like 12 or 3.5.',
            topics: 'Choose at most one option.',
            source: 'Enter a full web address.',
          }}
          searchEntities={() => new Promise(noop)}
        />
        <NotesField value={notes} onChange={setNotes} onSubmit={noop} />
        <button type="submit" className="button button-primary">
          Save page
        </button>
        <StatusRegion tone="error" message="The service is unreachable" />
      </form>
      <h2>Outbox</h2>
      <ClipList
        clips={[
          {
            id: 'a',
            title: 'Example Domain',
            label: 'clipKindPage',
            state: 'failed',
            reason: 'Server error',
            updatedAt: 0,
          },
          { id: 'b', title: 'Expired', label: 'clipKindLink', state: 'needs-sign-in', updatedAt: 0 },
          { id: 'c', title: 'Waiting', label: 'clipKindDailyNote', state: 'pending', updatedAt: 0 },
        ]}
        onRetry={noop}
        onDiscard={noop}
        onSignIn={noop}
      />
    </main>
  );
}

async function violations(): Promise<string[]> {
  const results = await axe.run(document.body, { resultTypes: ['violations'] });
  return results.violations.flatMap((rule) => rule.nodes.map((node) => `${rule.id}: ${node.target.join(' ')}`));
}

describe('accessibility of the components together', () => {
  it('has no axe violations with errors shown', async () => {
    render(<Popup />);
    expect(await violations()).toEqual([]);
  });

  it('has no axe violations with the tag listbox open and an option active', async () => {
    const user = userEvent.setup();
    render(<Popup />);
    await user.type(screen.getByRole('combobox', { name: 'Tags' }), 're{ArrowDown}');
    expect(screen.getByRole('listbox', { name: 'Tags' })).toBeVisible();
    expect(await violations()).toEqual([]);
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { CaptureRulesEditor } from './capture-rules-editor';

const STRUCTURES: SpaceStructure[] = [
  {
    id: 'MediaWebResource',
    title: 'Weblink',
    propertyDefinitions: [
      { id: 'title', name: 'Title', type: 'title', writable: true },
      { id: 'tags', name: 'Tags', type: 'entity', writable: true },
      { id: 'description', name: 'Description', type: 'text', writable: true },
      { id: 'created', name: 'Created', type: 'createdAt', writable: false },
    ],
    collections: [{ id: 'col-reading', title: 'Reading list' }],
  },
  {
    id: 'custom-paper',
    title: 'Paper',
    propertyDefinitions: [
      { id: 'paper-title', name: 'Title', type: 'title', writable: true },
      { id: 'paper-authors', name: 'Authors', type: 'entity', writable: true, allowedStructureIds: ['custom-person'] },
      { id: 'paper-published', name: 'Published', type: 'date', writable: true, dateResolution: 'day' },
      { id: 'paper-doi', name: 'DOI', type: 'url', writable: true },
      { id: 'paper-body', name: 'Body', type: 'blocks', writable: true },
    ],
    collections: [{ id: 'col-papers', title: 'Papers' }],
  },
  { id: 'custom-person', title: 'Person', propertyDefinitions: [] },
  { id: 'RootSpace', title: 'Space', propertyDefinitions: [] },
];

const rule = (id: string, name: string, extra: Partial<CaptureRule> = {}): CaptureRule => ({
  id,
  name,
  enabled: true,
  match: {},
  target: { kind: 'weblink' },
  ...extra,
});

const onNotice = vi.fn();
let latest: CaptureRule[] = [];

function Harness({ initial }: { initial: CaptureRule[] }) {
  const [rules, setRules] = useState(initial);
  return (
    <CaptureRulesEditor
      rules={rules}
      structures={STRUCTURES}
      onNotice={onNotice}
      onChange={(next) => {
        latest = next;
        setRules(next);
      }}
    />
  );
}

function renderEditor(initial: CaptureRule[] = []) {
  latest = initial;
  const view = render(<Harness initial={initial} />);
  return { user: userEvent.setup({ delay: null }), container: view.container };
}

const item = (name: string) => {
  const found = screen.getAllByRole('listitem').find((li) => within(li).queryByRole('heading', { name }));
  if (!found) throw new Error(`no rule ${name}`);
  return found;
};
/** Types `text` at the end of the field as one paste: the form has many fields, and this machine is slow. */
async function enter(user: ReturnType<typeof userEvent.setup>, field: HTMLElement, text: string) {
  await user.click(field);
  await user.paste(text);
}
const ruleNames = () => screen.queryAllByRole('heading', { level: 3 }).map((heading) => heading.textContent);

beforeEach(() => {
  onNotice.mockReset();
});

describe('adding a rule from a preset', () => {
  it('offers the presets without turning any on, and adds the chosen one for the chosen type', async () => {
    const { user } = renderEditor();
    expect(ruleNames()).toEqual([]);
    const preset = screen.getByRole('combobox', { name: 'Preset' });
    expect(
      within(preset)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Article', 'Paper', 'Recipe', 'Video', 'Book']);
    await user.selectOptions(preset, 'Paper');
    const type = screen.getByRole('combobox', { name: 'Type of your space it fills' });
    // The space's own Paper type is picked for it; only types that can be created are offered.
    expect(type).toHaveDisplayValue('Paper');
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Weblink', 'Paper', 'Person']);
    await user.click(screen.getByRole('button', { name: 'Add preset' }));

    expect(ruleNames()).toEqual(['Paper']);
    expect(latest).toEqual([
      expect.objectContaining({
        name: 'Paper',
        enabled: true,
        match: { types: ['ScholarlyArticle'], meta: ['citation_title'] },
        target: { kind: 'object', structureId: 'custom-paper', structureTitle: 'Paper' },
        fields: {
          'paper-authors': { source: 'authors', property: 'Authors' },
          'paper-published': { source: 'published', property: 'Published' },
          'paper-doi': { source: 'doi', property: 'DOI' },
        },
      }),
    ]);
    // The new rule opens for editing, at its name.
    expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus();
  });
});

describe('editing a rule', () => {
  it('saves what the form says: matches, type, fields, tags, collection, notes, keep and create missing', async () => {
    const { user } = renderEditor([rule('a', 'Articles', { extra: 'kept' } as Partial<CaptureRule>)]);
    await user.click(within(item('Articles')).getByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await user.clear(name);
    await enter(user, name, 'Papers');
    await enter(user, screen.getByRole('textbox', { name: 'Host or URL pattern' }), 'arxiv.org');
    await enter(user, screen.getByRole('textbox', { name: 'schema.org type' }), 'ScholarlyArticle, Article');
    await enter(user, screen.getByRole('textbox', { name: 'Meta tag present' }), 'citation_title');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Object type' }), 'Paper');
    // Only the writable properties a page value can fill: no body, no tags.
    const rows = screen.getAllByRole('group').map((group) => group.querySelector('legend')?.textContent);
    expect(rows).toEqual(expect.arrayContaining(['Title', 'Authors', 'Published', 'DOI']));
    expect(rows).not.toContain('Body');
    const authors = screen.getByRole('group', { name: 'Authors' });
    await user.selectOptions(within(authors).getByRole('combobox', { name: 'Fill from' }), 'Meta tag');
    await enter(user, within(authors).getByRole('textbox', { name: 'Meta tag name' }), 'citation_author');
    const doi = screen.getByRole('group', { name: 'DOI' });
    await user.selectOptions(within(doi).getByRole('combobox', { name: 'Fill from' }), 'CSS selector');
    await enter(user, within(doi).getByRole('textbox', { name: 'Selector' }), 'a.doi');
    await enter(user, within(doi).getByRole('textbox', { name: 'Attribute (optional)' }), 'href');
    await enter(user, screen.getByRole('textbox', { name: 'Tags' }), 'Papers, To read');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Collection' }), 'Papers');
    await enter(user, screen.getByRole('textbox', { name: 'Notes template' }), 'By {{author}}');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Keep' }), 'Selection');
    await user.click(screen.getByRole('checkbox', { name: 'Create missing' }));
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    expect(latest).toEqual([
      {
        id: 'a',
        name: 'Papers',
        enabled: true,
        extra: 'kept',
        match: { urls: ['arxiv.org'], types: ['ScholarlyArticle', 'Article'], meta: ['citation_title'] },
        target: { kind: 'object', structureId: 'custom-paper', structureTitle: 'Paper' },
        fields: {
          'paper-authors': { source: 'meta', name: 'citation_author', property: 'Authors' },
          'paper-doi': { source: 'selector', selector: 'a.doi', attribute: 'href', property: 'DOI' },
        },
        tags: [{ title: 'Papers' }, { title: 'To read' }],
        collection: { id: 'col-papers', title: 'Papers' },
        notesTemplate: 'By {{author}}',
        keep: 'selection',
        createMissing: true,
      },
    ]);
    expect(ruleNames()).toEqual(['Papers']);
    expect(onNotice).toHaveBeenLastCalledWith({ message: 'Rule “Papers” saved.', tone: 'info' });
    expect(within(item('Papers')).getByRole('button', { name: 'Edit' })).toHaveFocus();
  });

  it('refuses a URL pattern that is not one, at its field, with the focus there', async () => {
    const { user } = renderEditor([rule('a', 'Articles')]);
    await user.click(within(item('Articles')).getByRole('button', { name: 'Edit' }));
    const urls = screen.getByRole('textbox', { name: 'Host or URL pattern' });
    await enter(user, urls, 'https://exa mple.com/(');
    await user.click(screen.getByRole('button', { name: 'Save rule' }));

    expect(urls).toHaveAttribute('aria-invalid', 'true');
    expect(urls).toHaveAccessibleDescription(/match\.urls\[0\]: expected a URL pattern/);
    expect(urls).toHaveFocus();
    expect(latest).toEqual([rule('a', 'Articles')]);
  });
});

describe('reordering by keyboard', () => {
  it('moves a rule with Move down and Move up, the focus staying on the button that moved it', async () => {
    const { user } = renderEditor([rule('a', 'First'), rule('b', 'Second'), rule('c', 'Third')]);
    within(item('First')).getByRole('button', { name: 'Move down' }).focus();
    await user.keyboard('{Enter}');
    expect(ruleNames()).toEqual(['Second', 'First', 'Third']);
    expect(within(item('First')).getByRole('button', { name: 'Move down' })).toHaveFocus();
    expect(onNotice).toHaveBeenLastCalledWith({ message: '“First” is now rule 2 of 3.', tone: 'info' });

    await user.keyboard('{Enter}');
    expect(ruleNames()).toEqual(['Second', 'Third', 'First']);
    // At the bottom, Move down is disabled: the focus goes to Move up.
    expect(within(item('First')).getByRole('button', { name: 'Move down' })).toBeDisabled();
    expect(within(item('First')).getByRole('button', { name: 'Move up' })).toHaveFocus();

    await user.keyboard(' ');
    expect(latest.map(({ id }) => id)).toEqual(['b', 'a', 'c']);
  });

  it('names each rule as the description of its buttons', () => {
    renderEditor([rule('a', 'First'), rule('b', 'Second')]);
    expect(within(item('Second')).getByRole('button', { name: 'Move up' })).toHaveAccessibleDescription('Second');
  });
});

describe('deleting a rule', () => {
  it('removes it and takes the focus on to the next rule, then to adding one', async () => {
    const { user } = renderEditor([rule('a', 'First'), rule('b', 'Second')]);
    await user.click(within(item('First')).getByRole('button', { name: 'Delete' }));
    expect(latest).toEqual([rule('b', 'Second')]);
    expect(within(item('Second')).getByRole('button', { name: 'Edit' })).toHaveFocus();
    expect(onNotice).toHaveBeenLastCalledWith({ message: 'Rule “First” deleted.', tone: 'info' });
    await user.click(within(item('Second')).getByRole('button', { name: 'Delete' }));
    expect(ruleNames()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Add a blank rule' })).toHaveFocus();
  });
});

describe('turning a rule on and off', () => {
  it('keeps the rule and changes only whether it is on', async () => {
    const { user } = renderEditor([rule('a', 'First'), rule('b', 'Second')]);
    const on = within(item('Second')).getByRole('checkbox', { name: 'On' });
    expect(on).toBeChecked();
    await user.click(on);
    expect(latest).toEqual([rule('a', 'First'), rule('b', 'Second', { enabled: false })]);
    await user.click(on);
    expect(latest[1]?.enabled).toBe(true);
  });
});

const file = (content: string, name = 'rules.json') => new File([content], name, { type: 'application/json' });

describe('importing rules', () => {
  it('refuses a bad file, naming its first wrong field at the control, and imports nothing', async () => {
    const { user } = renderEditor([rule('a', 'First')]);
    const bad = { version: 1, rules: [rule('x', 'Fine'), { ...rule('y', 'Wrong'), target: { kind: 'page' } }] };
    const input = screen.getByLabelText('Import rules');
    await user.upload(input, file(JSON.stringify(bad), 'mine.json'));

    // The file is read asynchronously: its verdict shows once read.
    await waitFor(() =>
      expect(input).toHaveAccessibleDescription(
        /^Nothing imported: mine\.json is not a rules file Space Clipper can read\. First problem: rules\[1\]\.target\.kind: expected one of "weblink", "object" /,
      ),
    );
    expect(latest).toEqual([rule('a', 'First')]);
    expect(ruleNames()).toEqual(['First']);
  });

  it('adds a good file’s rules after the others, their unknown fields kept and taken ids replaced', async () => {
    const { user } = renderEditor([rule('a', 'First')]);
    const good = { version: 1, rules: [{ ...rule('a', 'Imported'), future: { x: 1 } }, rule('z', 'Other')] };
    await user.upload(screen.getByLabelText('Import rules'), file(JSON.stringify(good)));

    await screen.findByRole('heading', { name: 'Other' });
    expect(ruleNames()).toEqual(['First', 'Imported', 'Other']);
    expect(latest[1]).toEqual({ ...rule(expect.any(String), 'Imported'), future: { x: 1 } });
    expect(latest[1]?.id).not.toBe('a');
    expect(latest[2]).toEqual(rule('z', 'Other'));
    expect(onNotice).toHaveBeenLastCalledWith({ message: 'Rules imported: 2.', tone: 'info' });
  });
});

describe('exporting rules', () => {
  it('links to a JSON file of the rules as they are now, unknown fields included', async () => {
    const blobs: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      blobs.push(blob as Blob);
      return `blob:rules-${blobs.length}`;
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
    const { user } = renderEditor([rule('a', 'First', { future: true } as Partial<CaptureRule>), rule('b', 'Second')]);
    await user.click(within(item('Second')).getByRole('checkbox', { name: 'On' }));

    const exported = screen.getByRole('link', { name: 'Export rules' });
    expect(exported).toHaveAttribute('download', 'space-clipper-rules.json');
    const href = exported.getAttribute('href') ?? '';
    const blob = blobs[Number(href.replace('blob:rules-', '')) - 1];
    expect(blob?.type).toBe('application/json');
    expect(JSON.parse((await blob?.text()) ?? '')).toEqual({
      version: 1,
      rules: [rule('a', 'First', { future: true } as Partial<CaptureRule>), rule('b', 'Second', { enabled: false })],
    });
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:rules-1');
  });
});

describe('accessibility', () => {
  it('has no axe violations with a rule open for editing', async () => {
    const { user, container } = renderEditor([rule('a', 'First'), rule('b', 'Second', { enabled: false })]);
    await user.click(within(item('First')).getByRole('button', { name: 'Edit' }));
    const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
    expect(results.violations).toEqual([]);
  });
});

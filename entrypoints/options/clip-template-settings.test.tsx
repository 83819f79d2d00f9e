import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ClipTemplate, ConnectionsView, ConnectionView, ProtocolMap } from '@/lib/messaging';
import { clipTemplatesCopy } from '@/lib/storage';
import { definitions } from '@/tests/support/field-definitions';
import { App } from './App';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messaging', () => ({ sendMessage }));

const BUILD_URL = 'https://api.workspace-notes.app';
const SERVICE = {
  apiBaseUrl: BUILD_URL,
  buildApiBaseUrl: BUILD_URL,
  dailyNoteTimestamp: true,
  highlightColour: 'yellow',
} as const;
const CLIENT = { oauthClientId: 'space-clipper', buildOAuthClientId: 'space-clipper' };

function connection(spaceId: string, spaceTitle: string): ConnectionView {
  return { spaceId, spaceTitle, method: 'token', scopes: [], state: 'connected', connectedAt: 1 };
}

function connectionsView(connections: ConnectionView[], defaultSpaceId: string): ConnectionsView {
  return { connections, settings: { ...SERVICE, ...CLIENT, defaultSpaceId } };
}

let view = connectionsView([connection('space-1', 'Demo space')], 'space-1');

/** The background's answers, by message type. */
function answer(type: keyof ProtocolMap) {
  if (type === 'getConnections') return view;
  if (type === 'getWeblinkForm')
    return { ok: true, value: { fields: definitions, collections: [], appendableTypes: [] } };
  if (type === 'saveClipTemplate') return undefined;
  throw new Error(`unexpected message ${type}`);
}

beforeEach(() => {
  view = connectionsView([connection('space-1', 'Demo space')], 'space-1');
  sendMessage.mockReset();
  sendMessage.mockImplementation(async (type: keyof ProtocolMap) => answer(type));
});

async function renderOptions() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>,
  );
  return screen.findByRole('region', { name: 'Clip template' });
}

async function openTemplate() {
  const section = await renderOptions();
  await within(section).findByRole('button', { name: 'Save clip template' });
  return { user: userEvent.setup(), section };
}

const row = (property: string) => screen.getByRole('group', { name: property });
const fillFrom = (property: string) => within(row(property)).getByRole('combobox', { name: 'Fill from' });
const optionNames = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const saved = () => sendMessage.mock.calls.filter(([type]) => type === 'saveClipTemplate').map(([, data]) => data);

describe('what each property can be filled from', () => {
  it('lists only writable properties that some page value fits, never title or tags', async () => {
    const { section } = await openTemplate();
    const rows = within(section)
      .getAllByRole('group')
      .map((group) => group.querySelector('legend')?.textContent);
    expect(rows).toEqual(['Summary', 'Rating', 'Read', 'Source', 'Due', 'Remind me', 'Priority', 'Topics']);
  });

  it.each([
    ['Summary', ['Author', 'Site name', 'Description', 'Language', 'Canonical URL', 'Selection', 'A fixed value']],
    ['Rating', ['Reading time (minutes)', 'Word count', 'A fixed value']],
    ['Read', ['A fixed value']],
    ['Source', ['Canonical URL', 'A fixed value']],
    ['Due', ['Published date']],
    ['Priority', ['A fixed value']],
  ])('offers %s only the sources of its type', async (property, sources) => {
    await openTemplate();
    expect(optionNames(fillFrom(property))).toEqual(['Nothing', ...sources]);
  });

  it('says at a number property that reading time and word count need the article', async () => {
    await openTemplate();
    expect(fillFrom('Rating')).toHaveAccessibleDescription(/Reading time and word count come from the article/);
    expect(fillFrom('Summary')).not.toHaveAccessibleDescription(/article/);
  });
});

describe('a fixed value', () => {
  it('is entered in an input of the property type, a label property offering its options', async () => {
    const { user } = await openTemplate();
    await user.selectOptions(fillFrom('Priority'), 'A fixed value');
    const option = within(row('Priority')).getByRole('combobox', { name: 'Fixed value' });
    expect(optionNames(option)).toEqual(['Choose an option', 'Low', 'High']);
    await user.selectOptions(fillFrom('Read'), 'A fixed value');
    expect(within(row('Read')).getByRole('checkbox', { name: 'Fixed value' })).not.toBeChecked();
    await user.selectOptions(fillFrom('Source'), 'A fixed value');
    expect(within(row('Source')).getByRole('textbox', { name: 'Fixed value' })).toHaveAttribute('type', 'url');
  });

  it('is refused at its field, with the focus there, and nothing is sent', async () => {
    const { user } = await openTemplate();
    await user.selectOptions(fillFrom('Rating'), 'A fixed value');
    const rating = within(row('Rating')).getByRole('textbox', { name: 'Fixed value' });
    await user.type(rating, 'about 5');
    await user.selectOptions(fillFrom('Priority'), 'A fixed value');
    await user.click(screen.getByRole('button', { name: 'Save clip template' }));

    expect(rating).toHaveAttribute('aria-invalid', 'true');
    expect(rating).toHaveAccessibleDescription('Enter a number, like 12 or 3.5.');
    expect(rating).toHaveFocus();
    expect(within(row('Priority')).getByRole('combobox', { name: 'Fixed value' })).toHaveAccessibleDescription(
      'Choose one of the options.',
    );
    expect(screen.getByRole('status')).toHaveTextContent('The clip template was not saved: fix the marked fields.');
    expect(saved()).toEqual([]);

    await user.clear(rating);
    await user.type(rating, '3,5');
    expect(rating).not.toHaveAttribute('aria-invalid');
  });

  it('is refused over the length the background accepts', async () => {
    const { user } = await openTemplate();
    await user.selectOptions(fillFrom('Summary'), 'A fixed value');
    const summary = within(row('Summary')).getByRole('textbox', { name: 'Fixed value' });
    await user.click(summary);
    await user.paste('x'.repeat(2_001));
    await user.click(screen.getByRole('button', { name: 'Save clip template' }));
    expect(summary).toHaveAccessibleDescription('At most 2000 characters (this is 2001).');
    expect(saved()).toEqual([]);
  });
});

describe('saving', () => {
  it("sends the chosen sources, fixed values and notes template for the space, in the type's order", async () => {
    const { user } = await openTemplate();
    await user.selectOptions(fillFrom('Due'), 'Published date');
    await user.selectOptions(fillFrom('Summary'), 'Description');
    await user.selectOptions(fillFrom('Rating'), 'A fixed value');
    await user.type(within(row('Rating')).getByRole('textbox', { name: 'Fixed value' }), '3,5');
    await user.selectOptions(fillFrom('Read'), 'A fixed value');
    await user.click(within(row('Read')).getByRole('checkbox', { name: 'Fixed value' }));
    await user.selectOptions(fillFrom('Source'), 'A fixed value');
    await user.type(within(row('Source')).getByRole('textbox', { name: 'Fixed value' }), ' https://example.org/x ');
    await user.selectOptions(fillFrom('Topics'), 'A fixed value');
    await user.selectOptions(within(row('Topics')).getByRole('combobox', { name: 'Fixed value' }), 'Science');
    await user.click(screen.getByRole('textbox', { name: 'Notes template' }));
    await user.paste('> {{selection}}');
    await user.click(screen.getByRole('button', { name: 'Save clip template' }));

    expect(await screen.findByText('Clip template saved for Demo space.')).toBeVisible();
    const template: ClipTemplate = {
      fieldMappings: [
        { propertyId: 'summary', source: 'description' },
        { propertyId: 'rating', source: 'fixed', value: { type: 'number', number: 3.5 } },
        { propertyId: 'read', source: 'fixed', value: { type: 'boolean', value: true } },
        { propertyId: 'source', source: 'fixed', value: { type: 'url', url: 'https://example.org/x' } },
        { propertyId: 'due', source: 'published' },
        { propertyId: 'topics', source: 'fixed', value: { type: 'label', optionId: 'science' } },
      ],
      notesTemplate: '> {{selection}}',
    };
    expect(saved()).toEqual([{ spaceId: 'space-1', template }]);
  });

  it('says so in the status region when the background does not store it', async () => {
    sendMessage.mockImplementation(async (type: keyof ProtocolMap) => {
      if (type === 'saveClipTemplate') throw new Error('"saveClipTemplate" carried invalid data');
      return answer(type);
    });
    const { user } = await openTemplate();
    await user.click(screen.getByRole('button', { name: 'Save clip template' }));
    expect(await screen.findByText(/^The clip template could not be saved/)).toBeVisible();
  });
});

describe('loading', () => {
  it('shows the stored template, and the mappings that no longer apply as gone, dropped on save', async () => {
    await clipTemplatesCopy.setValue({
      'space-1': {
        fieldMappings: [
          { propertyId: 'summary', source: 'author' },
          { propertyId: 'removed', source: 'siteName' },
          { propertyId: 'due', source: 'author' },
          { propertyId: 'priority', source: 'fixed', value: { type: 'label', optionId: 'deleted-option' } },
          { propertyId: 'rating', source: 'fixed', value: { type: 'number', number: 7 } },
          { propertyId: 'locked', source: 'author' },
        ],
        notesTemplate: 'From {{site}}',
      },
    });
    const { user } = await openTemplate();
    expect(fillFrom('Summary')).toHaveDisplayValue('Author');
    expect(fillFrom('Due')).toHaveDisplayValue('Nothing');
    expect(fillFrom('Priority')).toHaveDisplayValue('Nothing');
    expect(within(row('Rating')).getByRole('textbox', { name: 'Fixed value' })).toHaveValue('7');
    expect(screen.getByRole('textbox', { name: 'Notes template' })).toHaveValue('From {{site}}');
    const gone = screen.getByText('No longer applies (dropped when you save):').nextElementSibling as HTMLElement;
    expect(
      within(gone)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'A property no longer in the weblink type (id removed), filled from “Site name”',
      'Due can no longer be filled from “Author”',
      'Priority: its fixed value no longer fits (the option or the type changed)',
      'Locked note can no longer be filled from “Author”',
    ]);

    await user.click(screen.getByRole('button', { name: 'Save clip template' }));
    await screen.findByText('Clip template saved for Demo space.');
    expect(saved()).toEqual([
      {
        spaceId: 'space-1',
        template: {
          fieldMappings: [
            { propertyId: 'summary', source: 'author' },
            { propertyId: 'rating', source: 'fixed', value: { type: 'number', number: 7 } },
          ],
          notesTemplate: 'From {{site}}',
        },
      },
    ]);
    expect(screen.queryByText('No longer applies (dropped when you save):')).toBeNull();
  });

  it("shows the service's reason when the weblink type cannot be read", async () => {
    sendMessage.mockImplementation(async (type: keyof ProtocolMap) =>
      type === 'getWeblinkForm'
        ? {
            ok: false,
            error: { kind: 'forbidden', message: 'x', endpoint: 'GET /structures', mayHaveBeenApplied: false },
          }
        : answer(type),
    );
    const section = await renderOptions();
    expect(await within(section).findByText(/^This connection may not do that/)).toBeVisible();
  });
});

describe('with several spaces', () => {
  it('starts on the default space and edits the one picked in the space picker', async () => {
    view = connectionsView([connection('space-1', 'Demo space'), connection('space-2', 'Research')], 'space-2');
    const { user, section } = await openTemplate();
    const picker = within(section).getByRole('combobox', { name: 'Space' });
    expect(picker).toHaveDisplayValue('Research');
    await user.selectOptions(picker, 'Demo space');
    await screen.findByRole('group', { name: 'Rating' });
    await user.selectOptions(fillFrom('Rating'), 'Word count');
    await user.click(screen.getByRole('button', { name: 'Save clip template' }));
    await screen.findByText('Clip template saved for Demo space.');
    expect(saved()).toEqual([
      {
        spaceId: 'space-1',
        template: { fieldMappings: [{ propertyId: 'rating', source: 'wordCount' }], notesTemplate: '' },
      },
    ]);
    const asked = sendMessage.mock.calls.filter(([type]) => type === 'getWeblinkForm').map(([, data]) => data);
    expect(asked).toEqual([{ spaceId: 'space-2' }, { spaceId: 'space-1' }]);
  });
});

describe('accessibility', () => {
  it('has no axe violations with errors, a mapping gone and the preview shown', async () => {
    document.documentElement.lang = 'en';
    view = connectionsView([connection('space-1', 'Demo space'), connection('space-2', 'Research')], 'space-1');
    await clipTemplatesCopy.setValue({
      'space-1': { fieldMappings: [{ propertyId: 'gone', source: 'author' }], notesTemplate: '' },
    });
    const { user } = await openTemplate();
    await user.selectOptions(fillFrom('Rating'), 'A fixed value');
    await user.type(within(row('Rating')).getByRole('textbox', { name: 'Fixed value' }), 'many');
    await user.selectOptions(fillFrom('Priority'), 'A fixed value');
    await user.selectOptions(fillFrom('Read'), 'A fixed value');
    await user.click(screen.getByRole('textbox', { name: 'Notes template' }));
    await user.paste('{{title}}');
    await user.click(screen.getByRole('button', { name: 'Save clip template' }));
    expect(screen.getByText('No longer applies (dropped when you save):')).toBeVisible();

    const results = await axe.run(document.body, { resultTypes: ['violations'] });
    expect(
      results.violations.flatMap((rule) => rule.nodes.map((node) => `${rule.id}: ${node.target.join(' ')}`)),
    ).toEqual([]);
  });
});

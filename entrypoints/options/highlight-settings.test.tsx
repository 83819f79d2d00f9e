import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { REVISIT_ORIGINS, REVISIT_SCRIPT, REVISIT_SCRIPT_ID } from '@/lib/highlight-revisit';
import type { ConnectionsView } from '@/lib/messaging';
import { HighlightSettings } from './highlight-settings';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messaging', () => ({ sendMessage }));

const view: ConnectionsView = {
  connections: [],
  settings: {
    apiBaseUrl: 'https://api.workspace-notes.app',
    oauthClientId: 'space-clipper',
    buildApiBaseUrl: 'https://api.workspace-notes.app',
    buildOAuthClientId: 'space-clipper',
    defaultSpaceId: null,
    dailyNoteTimestamp: false,
    highlightColour: 'yellow',
  },
};

/** The browser's record of the option: the registered scripts and the granted sites. */
let registered: { id: string }[] = [];
let granted = false;
let answerRequest = true;

const request = vi.fn(async () => {
  granted = answerRequest;
  return answerRequest;
});
const remove = vi.fn(async () => {
  granted = false;
  return true;
});
const registerContentScripts = vi.fn(async (scripts: { id: string }[]) => {
  registered.push(...scripts);
});
const unregisterContentScripts = vi.fn(async ({ ids }: { ids: string[] }) => {
  registered = registered.filter((script) => !ids.includes(script.id));
});

beforeEach(() => {
  registered = [];
  granted = false;
  answerRequest = true;
  vi.clearAllMocks();
  Object.assign(fakeBrowser.permissions, { request, remove, contains: async () => granted });
  Object.assign(fakeBrowser, {
    scripting: {
      registerContentScripts,
      unregisterContentScripts,
      getRegisteredContentScripts: async ({ ids }: { ids: string[] }) =>
        registered.filter((script) => ids.includes(script.id)),
    },
  });
});

function Settings() {
  const [client] = useState(() => new QueryClient({ defaultOptions: { queries: { retry: false } } }));
  return (
    <QueryClientProvider client={client}>
      <HighlightSettings view={view} onChanged={() => {}} onNotice={() => {}} />
    </QueryClientProvider>
  );
}

describe('the options of highlights', () => {
  it('"Highlight colour" offers the six colours, yellow unless changed, and saves the one chosen', async () => {
    sendMessage.mockResolvedValue({ ok: true, value: view });
    render(<Settings />);
    const select = screen.getByRole('combobox', { name: 'Highlight colour' });
    expect(select).toHaveValue('yellow');
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Yellow',
      'Orange',
      'Green',
      'Red',
      'Purple',
      'Blue',
    ]);
    await userEvent.setup().selectOptions(select, 'Blue');
    expect(sendMessage).toHaveBeenCalledWith('saveSettings', { highlightColour: 'blue' });
  });

  it('"Show my highlights when I revisit a page" is off by default', async () => {
    render(<Settings />);
    const box = screen.getByRole('checkbox', { name: 'Show my highlights when I revisit a page' });
    await waitFor(() => expect(box).toBeEnabled());
    expect(box).not.toBeChecked();
    expect(request).not.toHaveBeenCalled();
  });

  it('turning it on asks for the sites in the click, then registers the script for the next visits', async () => {
    const user = userEvent.setup();
    render(<Settings />);
    const box = screen.getByRole('checkbox', { name: 'Show my highlights when I revisit a page' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    expect(request).toHaveBeenCalledWith({ origins: REVISIT_ORIGINS });
    await waitFor(() => expect(box).toBeChecked());
    expect(registerContentScripts).toHaveBeenCalledWith([
      expect.objectContaining({
        id: REVISIT_SCRIPT_ID,
        js: [REVISIT_SCRIPT],
        matches: REVISIT_ORIGINS,
        persistAcrossSessions: true,
      }),
    ]);

    await user.click(box);
    await waitFor(() => expect(box).not.toBeChecked());
    expect(registered).toEqual([]);
    expect(remove).toHaveBeenCalledWith({ origins: REVISIT_ORIGINS });
  });

  it('registers nothing when the person refuses the sites', async () => {
    answerRequest = false;
    const user = userEvent.setup();
    render(<Settings />);
    const box = screen.getByRole('checkbox', { name: 'Show my highlights when I revisit a page' });
    await waitFor(() => expect(box).toBeEnabled());
    await user.click(box);
    await waitFor(() => expect(request).toHaveBeenCalled());
    expect(box).not.toBeChecked();
    expect(registerContentScripts).not.toHaveBeenCalled();
  });
});

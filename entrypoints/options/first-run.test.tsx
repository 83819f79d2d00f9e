import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionsView, ProtocolMap } from '@/lib/messaging';
import { App } from './App';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messaging', () => ({ sendMessage }));

const BUILD_URL = 'https://api.workspace-notes.app';
const settings: ConnectionsView['settings'] = {
  apiBaseUrl: BUILD_URL,
  oauthClientId: 'space-clipper',
  buildApiBaseUrl: BUILD_URL,
  buildOAuthClientId: 'space-clipper',
  defaultSpaceId: null,
  dailyNoteTimestamp: true,
  highlightColour: 'yellow',
};
const DEMO = {
  spaceId: 'space-1',
  spaceTitle: 'Demo space',
  method: 'oauth' as const,
  scopes: [],
  state: 'connected' as const,
  connectedAt: 1,
};

let view: ConnectionsView;
const getAll = vi.fn();

beforeEach(() => {
  view = { connections: [], settings };
  sendMessage.mockReset();
  sendMessage.mockImplementation(async (type: keyof ProtocolMap) => {
    if (type === 'getConnections') return view;
    throw new Error(`unexpected message ${type}`);
  });
  getAll.mockResolvedValue([
    { name: '_execute_action', description: 'Open Space Clipper', shortcut: 'Alt+Shift+S' },
    { name: 'save-page', description: 'Save page', shortcut: '' },
  ]);
  Object.assign(fakeBrowser.commands, { getAll });
});

function openOptions() {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the first run', () => {
  it('says what a space is and what is needed, with Sign in as the main action', async () => {
    openOptions();
    expect(await screen.findByRole('heading', { name: 'Welcome to Space Clipper' })).toBeVisible();
    expect(screen.getByText(/A space is where .* you need a Workspace Notes account\./)).toBeVisible();
    expect(screen.getByRole('button', { name: 'Sign in' })).toHaveClass('button-primary');
    expect(screen.queryByText(/Tokens stay inside/)).toBeNull();
    expect(screen.queryByRole('heading', { name: 'How to clip' })).toBeNull();
  });

  it('opens the token form only when asked', async () => {
    const user = openOptions();
    const useToken = await screen.findByRole('button', { name: 'Use a personal token' });
    expect(useToken).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Personal API token' })).toBeNull();
    await user.click(useToken);
    expect(useToken).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Personal API token')).toBeVisible();
  });

  it('keeps the service address and client id closed under Advanced, with their names', async () => {
    const user = openOptions();
    const advanced = await screen.findByRole('button', { name: 'Advanced' });
    expect(advanced).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'API base URL' })).toBeNull();
    await user.click(advanced);
    expect(advanced).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('textbox', { name: 'API base URL' })).toHaveValue(BUILD_URL);
    expect(screen.getByRole('textbox', { name: 'OAuth client id' })).toHaveValue('space-clipper');
  });
});

describe('a refused token', () => {
  it('is said at the token field, which gets the focus, not at the top of the page', async () => {
    sendMessage.mockImplementation(async (type: keyof ProtocolMap) => {
      if (type === 'getConnections') return view;
      if (type === 'connectWithToken') {
        return { ok: false, error: { kind: 'not_authenticated', message: 'x', endpoint: 'space' } };
      }
      throw new Error(`unexpected message ${type}`);
    });
    const user = openOptions();
    await user.click(await screen.findByRole('button', { name: 'Use a personal token' }));
    const field = screen.getByLabelText('Personal API token');
    await user.type(field, 'cap-api-not-a-real-token');
    await user.click(screen.getByRole('button', { name: 'Connect with token' }));

    await vi.waitFor(() => expect(field).toHaveFocus());
    expect(field).toHaveAttribute('aria-invalid', 'true');
    const errorId = field.getAttribute('aria-describedby')?.split(' ')[0] as string;
    expect(document.getElementById(errorId)).toHaveTextContent(/did not accept this token/);
    expect(screen.getByRole('status')).toHaveTextContent('');
  });
});

describe('once a space is connected', () => {
  it('says so once, and the How to clip card lists the shortcuts as the browser has them', async () => {
    view = { connections: [DEMO], settings: { ...settings, defaultSpaceId: DEMO.spaceId } };
    openOptions();
    const card = (await screen.findByRole('heading', { name: 'How to clip' })).closest('section') as HTMLElement;
    expect(screen.queryAllByText(/Connected to Demo space/)).toHaveLength(0);
    expect(within(card).getByText(/toolbar/)).toBeVisible();
    expect(within(card).getByText(/right-click/)).toBeVisible();
    const shortcuts = await within(card).findByRole('list', { name: 'Keyboard shortcuts' });
    await vi.waitFor(() =>
      expect(
        within(shortcuts)
          .getAllByRole('listitem')
          .map((item) => item.textContent),
      ).toEqual(['Open Space Clipper: Alt+Shift+S', 'Save page: not set']),
    );
    expect(within(card).getByText(/chrome:\/\/extensions\/shortcuts/)).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Welcome to Space Clipper' })).toBeNull();
  });

  it('offers Undo after Disconnect, which brings the space back', async () => {
    view = { connections: [DEMO], settings: { ...settings, defaultSpaceId: DEMO.spaceId } };
    sendMessage.mockImplementation(async (type: keyof ProtocolMap) => {
      if (type === 'getConnections') return view;
      if (type === 'disconnect') return undefined;
      if (type === 'undoDisconnect') return true;
      throw new Error(`unexpected message ${type}`);
    });
    const user = openOptions();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Demo space' }));
    const undo = await screen.findByRole('button', { name: 'Undo' });
    expect(screen.getByRole('status')).toHaveTextContent('Disconnected from Demo space.');
    expect(undo).toHaveFocus();
    await user.click(undo);
    expect(await screen.findByRole('status')).toHaveTextContent('Demo space stays connected.');
    expect(sendMessage).toHaveBeenCalledWith('undoDisconnect', { spaceId: DEMO.spaceId });
    expect(screen.queryByRole('button', { name: 'Undo' })).toBeNull();
  });
});

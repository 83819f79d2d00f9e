import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import type { ConnectionsView, ProtocolMap } from '@/lib/messaging';
import { App } from './App';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messaging', () => ({ sendMessage }));

const BUILD_URL = 'https://api.workspace-notes.app';
const view: ConnectionsView = {
  connections: [
    {
      spaceId: 'space-1',
      spaceTitle: 'Demo space',
      method: 'token',
      scopes: [],
      state: 'connected',
      connectedAt: 1,
    },
  ],
  settings: {
    apiBaseUrl: BUILD_URL,
    oauthClientId: 'space-clipper',
    buildApiBaseUrl: BUILD_URL,
    buildOAuthClientId: 'space-clipper',
    defaultSpaceId: 'space-1',
    dailyNoteTimestamp: true,
    highlightColour: 'yellow',
  },
};

const request = vi.fn(async (_permissions: { origins: string[] }) => true);

/** The background's answers, by message type. */
function answer(type: keyof ProtocolMap) {
  if (type === 'getConnections') return view;
  if (type === 'saveSettings') return { ok: true, value: view };
  if (type === 'disconnect') return { ok: true, value: { revoked: true } };
  throw new Error(`unexpected message ${type}`);
}

beforeEach(() => {
  sendMessage.mockReset();
  sendMessage.mockImplementation(async (type: keyof ProtocolMap) => answer(type));
  request.mockClear();
  Object.assign(fakeBrowser.permissions, { request });
});

async function openOptions() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>,
  );
  const field = await screen.findByRole('textbox', { name: 'API base URL' });
  return { user: userEvent.setup(), field };
}

const saveSettingsCalls = () => sendMessage.mock.calls.filter(([type]) => type === 'saveSettings');

describe('changing the API base URL', () => {
  it.each([
    ['plain http to another computer', 'http://notes.example'],
    ['no address at all', 'notes.example'],
    ['credentials in the address', 'https://me:secret@notes.example'],
  ])('refuses %s before asking for any permission', async (_case, address) => {
    const { user, field } = await openOptions();
    await user.clear(field);
    await user.type(field, address);
    await user.click(screen.getByRole('button', { name: 'Save service settings' }));
    expect(await screen.findByText(/This address cannot be used/)).toBeVisible();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(request).not.toHaveBeenCalled();
    expect(saveSettingsCalls()).toEqual([]);
  });

  it("asks for the new address's origin only, then saves the normalized address", async () => {
    const { user, field } = await openOptions();
    await user.clear(field);
    await user.type(field, 'https://notes.example:8443/api/');
    await user.click(screen.getByRole('button', { name: 'Save service settings' }));
    expect(await screen.findByText('Service settings saved.')).toBeVisible();
    expect(request).toHaveBeenCalledWith({ origins: ['https://notes.example/*'] });
    expect(saveSettingsCalls()).toEqual([
      ['saveSettings', { apiBaseUrl: 'https://notes.example:8443/api', oauthClientId: null }],
    ]);
  });

  it('asks for http only on this computer', async () => {
    const { user, field } = await openOptions();
    await user.clear(field);
    await user.type(field, 'http://127.0.0.1:8787');
    await user.click(screen.getByRole('button', { name: 'Save service settings' }));
    await screen.findByText('Service settings saved.');
    expect(request).toHaveBeenCalledWith({ origins: ['http://127.0.0.1/*'] });
  });

  it('changes nothing when the permission is refused', async () => {
    request.mockResolvedValueOnce(false);
    const { user, field } = await openOptions();
    await user.clear(field);
    await user.type(field, 'https://notes.example');
    await user.click(screen.getByRole('button', { name: 'Save service settings' }));
    expect(await screen.findByText(/was not allowed to reach https:\/\/notes\.example\/\*/)).toBeVisible();
    expect(saveSettingsCalls()).toEqual([]);
  });
});

describe('disconnecting a space connected with a personal token', () => {
  it('says that the token stays valid until it is deleted in the desktop app', async () => {
    const { user } = await openOptions();
    await user.click(screen.getByRole('button', { name: 'Disconnect Demo space' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      "Disconnected from Demo space. The personal API token itself stays valid until you delete it in the desktop app's API settings.",
    );
  });
});

describe('clipping settings', () => {
  it('says so when saving a setting fails, instead of leaving the box as if it were saved', async () => {
    sendMessage.mockImplementation(async (type: keyof ProtocolMap) =>
      type === 'saveSettings'
        ? {
            ok: false,
            error: { kind: 'network', message: 'x', endpoint: 'settings', timedOut: false, mayHaveBeenApplied: false },
          }
        : answer(type),
    );
    const { user } = await openOptions();
    await user.click(screen.getByRole('checkbox', { name: /timestamp/i }));
    expect(await screen.findByRole('status')).toHaveTextContent(/^Could not reach the workspace/);
  });
});

import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, expect, it, vi } from 'vitest';
import type { Structure } from '@/lib/api/schemas/space';
import type { ConnectionView, ProtocolMap } from '@/lib/messaging';
import { App } from './App';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messaging', () => ({ sendMessage }));

const BUILD_URL = 'https://api.workspace-notes.app';
const CONNECTION: ConnectionView = {
  spaceId: 'space-1',
  spaceTitle: 'Demo space',
  method: 'token',
  scopes: [],
  state: 'connected',
  connectedAt: 1,
};
const WEBLINK = {
  id: 'MediaWebResource',
  title: 'Weblink',
  pluralName: 'Weblinks',
  propertyDefinitions: [{ id: 'description', name: 'Description', type: 'text', writable: true }],
  collections: [],
} as unknown as Structure;
const STORED = {
  version: 1,
  future: 'kept',
  rules: [{ id: 'a', name: 'Recipes', enabled: true, match: { types: ['Recipe'] }, target: { kind: 'weblink' } }],
};

function answer(type: keyof ProtocolMap) {
  if (type === 'getConnections')
    return {
      connections: [CONNECTION],
      settings: {
        apiBaseUrl: BUILD_URL,
        buildApiBaseUrl: BUILD_URL,
        dailyNoteTimestamp: true,
        oauthClientId: 'space-clipper',
        buildOAuthClientId: 'space-clipper',
        defaultSpaceId: 'space-1',
      },
    };
  if (type === 'getWeblinkForm') return { ok: true, value: { fields: [], collections: [], appendableTypes: [] } };
  if (type === 'getCaptureStructures') return { ok: true, value: [WEBLINK] };
  if (type === 'getCaptureRules') return STORED;
  if (type === 'saveCaptureRules') return undefined;
  throw new Error(`unexpected message ${type}`);
}

beforeEach(() => {
  sendMessage.mockReset();
  sendMessage.mockImplementation(async (type: keyof ProtocolMap) => answer(type));
});

it('shows the space’s stored rules and stores each change as the whole file, through the background', async () => {
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <App />
    </QueryClientProvider>,
  );
  const section = await screen.findByRole('region', { name: 'Capture rules' });
  const rule = await within(section).findByRole('listitem');
  expect(within(rule).getByRole('heading', { name: 'Recipes' })).toBeVisible();
  expect(within(rule).getByText('Saves as: Weblink')).toBeVisible();

  await userEvent.setup().click(within(rule).getByRole('checkbox', { name: 'On' }));
  const saves = sendMessage.mock.calls.filter(([type]) => type === 'saveCaptureRules').map(([, data]) => data);
  expect(saves).toEqual([{ spaceId: 'space-1', file: { ...STORED, rules: [{ ...STORED.rules[0], enabled: false }] } }]);
  expect(within(rule).getByRole('checkbox', { name: 'On' })).not.toBeChecked();
});

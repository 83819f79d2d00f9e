import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HighlightView, ProtocolMap } from '@/lib/messaging';
import HighlightsPanel from './highlights-panel';
import { keys } from './queries';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messaging', () => ({ sendMessage }));

let highlights: HighlightView[] = [];
const landed = { ok: true, value: { state: 'landed', clipId: 'c', objectId: 'o' } };

beforeEach(() => {
  highlights = [
    { id: 'a', quote: 'Feed it *equal* weights', colour: 'yellow', note: '', status: 'found' },
    {
      id: 'b',
      quote: 'Patience is the most important ingredient.',
      colour: 'red',
      note: 'So true',
      status: 'not-found',
    },
  ];
  sendMessage.mockReset();
  sendMessage.mockImplementation(async (type: keyof ProtocolMap, data: { id: string; colour?: string }) => {
    if (type === 'listHighlights') return { ok: true, value: { highlights } };
    if (type === 'changeHighlight') {
      highlights = highlights.map((one) => (one.id === data.id ? { ...one, ...data } : one)) as HighlightView[];
      return landed;
    }
    if (type === 'removeHighlight') {
      highlights = highlights.filter((one) => one.id !== data.id);
      return landed;
    }
    throw new Error(`unexpected message ${type}`);
  });
});

function renderPanel(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <HighlightsPanel
        spaceId="space-1"
        tabId={7}
        page={{ title: 'Keeping [Bread] Starters', url: 'https://example.com/a' }}
      />
    </QueryClientProvider>,
  );
  return userEvent.setup();
}

describe('the popup\'s "Highlights", with the background', () => {
  it("lists the tab page's highlights in the space, and sends a colour, a note and a removal", async () => {
    const user = renderPanel();
    const list = await screen.findByRole('list', { name: 'Highlights' });
    expect(sendMessage).toHaveBeenCalledWith('listHighlights', { spaceId: 'space-1', tabId: 7 });
    const first = within(within(list).getAllByRole('listitem')[0] as HTMLElement);

    await user.click(first.getByRole('radio', { name: 'Blue' }));
    expect(sendMessage).toHaveBeenCalledWith('changeHighlight', {
      spaceId: 'space-1',
      tabId: 7,
      id: 'a',
      colour: 'blue',
    });
    await user.type(first.getByRole('textbox', { name: 'Highlight note' }), 'Weigh them');
    await user.tab();
    expect(sendMessage).toHaveBeenCalledWith('changeHighlight', {
      spaceId: 'space-1',
      tabId: 7,
      id: 'a',
      note: 'Weigh them',
    });

    await user.click(first.getByRole('button', { name: 'Remove highlight' }));
    expect(sendMessage).toHaveBeenCalledWith('removeHighlight', { spaceId: 'space-1', tabId: 7, id: 'a' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
  });

  it('copies every highlight as escaped Markdown, the page last', async () => {
    const user = renderPanel();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    await user.click(await screen.findByRole('button', { name: 'Copy as Markdown' }));
    expect(writeText).toHaveBeenCalledWith(
      '> Feed it \\*equal\\* weights\n\n> Patience is the most important ingredient.\n\nSo true\n\n— [Keeping \\[Bread\\] Starters](https://example.com/a)',
    );
    expect(await screen.findByText('Copied')).toBeInTheDocument();
  });

  it("names the weblink the clip form's server lookup found, without a lookup of its own", async () => {
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    renderPanel(client);
    await screen.findByRole('list', { name: 'Highlights' });
    // The clip form's "Already saved" answers: a weblink saved on another device.
    client.setQueryData(keys.savedPage('space-1', 'https://example.com/a', 'server'), {
      id: 'weblink-elsewhere',
      title: 'Keeping Bread Starters',
      structureId: 'MediaWebResource',
      undoable: false,
    });
    await waitFor(() =>
      expect(sendMessage).toHaveBeenCalledWith('listHighlights', {
        spaceId: 'space-1',
        tabId: 7,
        objectId: 'weblink-elsewhere',
      }),
    );
    expect(sendMessage.mock.calls.map(([type]) => type)).toEqual(['listHighlights', 'listHighlights']);
  });
});

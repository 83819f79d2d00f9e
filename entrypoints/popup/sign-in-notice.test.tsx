import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { SignInNotice } from './sign-in-notice';

const sendMessage = vi.hoisted(() => vi.fn());
vi.mock('@/lib/messaging', () => ({ sendMessage }));

function renderNotice() {
  const onOpenSettings = vi.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <SignInNotice onOpenSettings={onOpenSettings} />
    </QueryClientProvider>,
  );
  return onOpenSettings;
}

describe('SignInNotice', () => {
  it('signs in from the popup itself and says where it connected, under the button', async () => {
    sendMessage.mockResolvedValue({ ok: true, value: { spaceId: 's1', spaceTitle: 'Demo space' } });
    const user = userEvent.setup();
    renderNotice();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(sendMessage).toHaveBeenCalledWith('signIn');
    expect(await screen.findByRole('status')).toHaveTextContent('Connected to Demo space.');
  });

  it('says why a sign-in failed, and keeps the way to the settings', async () => {
    sendMessage.mockResolvedValue({ ok: false, error: { kind: 'network', message: 'offline' } });
    const user = userEvent.setup();
    const onOpenSettings = renderNotice();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    await vi.waitFor(() => expect(screen.getByRole('status')).not.toHaveTextContent(''));
    expect(screen.getByRole('status')).toHaveClass('status-error');
    await user.click(screen.getByRole('button', { name: 'Open settings' }));
    expect(onOpenSettings).toHaveBeenCalled();
  });
});

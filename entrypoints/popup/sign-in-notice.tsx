import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Status, StatusRegion } from '@/components/status-region';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { sendMessage } from '@/lib/messaging';
import { keys } from './queries';

/**
 * What a popup with no space connected offers: "Sign in" right here (the background runs the
 * browser's sign-in window, so it goes on if the popup closes meanwhile), and the settings for a
 * personal token or another service. The outcome shows under the buttons that caused it.
 */
export function SignInNotice({ onOpenSettings }: { onOpenSettings(): void }) {
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<Status>({ message: '', tone: 'info' });
  const [busy, setBusy] = useState(false);

  async function signIn() {
    setBusy(true);
    setStatus({ message: t('signingIn'), tone: 'info' });
    const result = await sendMessage('signIn');
    setBusy(false);
    setStatus(
      result.ok
        ? { message: t('connectedTo', result.value.spaceTitle), tone: 'info' }
        : { message: describeError(result.error), tone: 'error' },
    );
    if (result.ok) void queryClient.invalidateQueries({ queryKey: keys.connections });
  }

  return (
    <section className="notice">
      <p>{t('notConnected')}</p>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={() => void signIn()}>
          {t('signIn')}
        </button>
        <button type="button" className="button" onClick={onOpenSettings}>
          {t('openSettings')}
        </button>
      </div>
      <StatusRegion message={status.message} tone={status.tone} />
    </section>
  );
}

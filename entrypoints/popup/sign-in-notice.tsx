import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { type Status, StatusRegion } from '@/components/status-region';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { type ConnectionView, sendMessage } from '@/lib/messaging';
import { keys } from './queries';

/**
 * "Sign in" from the popup: the background runs the browser's sign-in window, so it goes on if the
 * popup closes meanwhile. The outcome is for the status under the button that caused it.
 */
function useSignIn() {
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

  return { signIn: () => void signIn(), busy, status };
}

/** What a popup with no space connected offers: "Sign in" right here, and the settings for a personal token or another service. */
export function SignInNotice({ onOpenSettings }: { onOpenSettings(): void }) {
  const { signIn, busy, status } = useSignIn();
  return (
    <section className="notice">
      <p>{t('notConnected')}</p>
      <div className="actions">
        <button type="button" className="button button-primary" disabled={busy} onClick={signIn}>
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

/**
 * A space whose sign-in has ended: "Sign in again" right here, after which its waiting clips go
 * out. A personal token cannot be signed in again: it is replaced in the settings.
 */
export function NeedsSignInNotice({ space, onOpenSettings }: { space: ConnectionView; onOpenSettings(): void }) {
  const { signIn, busy, status } = useSignIn();
  const oauth = space.method === 'oauth';
  return (
    <section className="notice notice-warning">
      <p>{t(oauth ? 'needsSignInNotice' : 'needsTokenNotice', space.spaceTitle)}</p>
      <button type="button" className="button button-small" disabled={busy} onClick={oauth ? signIn : onOpenSettings}>
        {t(oauth ? 'signInAgain' : 'openSettings')}
      </button>
      <StatusRegion message={status.message} tone={status.tone} />
    </section>
  );
}

import { useState } from 'react';
import { t } from '@/lib/i18n';
import type { ConnectionView } from '@/lib/messaging';
import { TokenForm } from './token-form';

/**
 * Connecting a space: with no space yet, the welcome a new person meets (what a space is, what is
 * needed); afterwards, the same two ways to connect another. Signing in is the main way; the
 * personal token, which only people who already made one need, opens on request.
 */
export function ConnectSpace({
  first,
  busy,
  onSignIn,
  onConnected,
}: {
  first: boolean;
  busy: boolean;
  onSignIn(): void;
  onConnected(connection: ConnectionView): void;
}) {
  const [tokenOpen, setTokenOpen] = useState(false);
  return (
    <section aria-labelledby="connect-heading" className={first ? 'welcome' : undefined}>
      <h2 id="connect-heading">{t(first ? 'welcomeHeading' : 'connectHeading')}</h2>
      {first && <p className="welcome-text">{t('welcomeText')}</p>}
      <div className="connect-row">
        <button
          type="button"
          className="button button-primary"
          disabled={busy}
          aria-describedby="sign-in-hint"
          onClick={onSignIn}
        >
          {t('signIn')}
        </button>
        <button
          type="button"
          className="button"
          aria-expanded={tokenOpen}
          aria-controls="token-form"
          onClick={() => setTokenOpen(!tokenOpen)}
        >
          {t('useToken')}
        </button>
      </div>
      <p id="sign-in-hint" className="field-hint">
        {t('signInHint')}
      </p>
      <TokenForm id="token-form" hidden={!tokenOpen} onConnected={onConnected} />
    </section>
  );
}

import { useMutation } from '@tanstack/react-query';
import { t } from '@/lib/i18n';
import type { ConnectionsView, ConnectionView, Result } from '@/lib/messaging';
import { sendMessage } from '@/lib/messaging';
import type { Undo } from './undo-button';

/** How long Disconnect can be undone: the background's UNDO_MS (lib/auth/undoable-disconnect.ts). */
const UNDO_MS = 10_000;

type Disconnected = (message: string, undo: Undo) => void;

/** The connected spaces, each with its state and what can be done with it. */
export function ConnectionList({
  view,
  busy,
  onSignIn,
  onChanged,
  onDisconnected,
}: {
  view: ConnectionsView;
  busy: boolean;
  onSignIn(): void;
  onChanged<T>(result: Result<T>, success: (value: T) => string): void;
  onDisconnected: Disconnected;
}) {
  if (view.connections.length === 0) return <p className="field-hint">{t('connectionsEmpty')}</p>;
  return (
    <ul className="connection-list">
      {view.connections.map((connection) => (
        <ConnectionItem
          key={connection.spaceId}
          connection={connection}
          isDefault={connection.spaceId === view.settings.defaultSpaceId}
          busy={busy}
          onSignIn={onSignIn}
          onChanged={onChanged}
          onDisconnected={onDisconnected}
        />
      ))}
    </ul>
  );
}

function ConnectionItem({
  connection,
  isDefault,
  busy,
  onSignIn,
  onChanged,
  onDisconnected,
}: {
  connection: ConnectionView;
  isDefault: boolean;
  busy: boolean;
  onSignIn(): void;
  onChanged<T>(result: Result<T>, success: (value: T) => string): void;
  onDisconnected: Disconnected;
}) {
  const title = connection.spaceTitle;
  const { spaceId } = connection;
  const disconnect = useMutation({
    mutationFn: () => sendMessage('disconnect', { spaceId }),
    onSuccess: () =>
      onDisconnected(
        // A personal token can only be deleted in the desktop app: forgetting it here does not end it.
        t(connection.method === 'token' ? 'disconnectedTokenStillValid' : 'disconnected', title),
        {
          until: Date.now() + UNDO_MS,
          run: async () => ({
            message: t((await sendMessage('undoDisconnect', { spaceId })) ? 'disconnectUndone' : 'undoTooLate', title),
            tone: 'info',
          }),
        },
      ),
  });
  const makeDefault = useMutation({
    mutationFn: () => sendMessage('saveSettings', { defaultSpaceId: connection.spaceId }),
    onSuccess: (result) => onChanged(result, () => t('settingSaved')),
  });
  const needsSignIn = connection.state === 'needs-sign-in';
  return (
    <li className={needsSignIn ? 'connection connection-attention' : 'connection'}>
      <div>
        <p className="connection-title">
          {needsSignIn
            ? t(connection.method === 'oauth' ? 'connectionStatusNeedsSignIn' : 'connectionStatusNeedsToken', title)
            : title}
        </p>
        <p className="field-hint">
          {!needsSignIn && `${t('connectionConnected')} · `}
          {connection.method === 'oauth' ? t('connectionMethodOAuth') : t('connectionMethodToken')}
          {isDefault && ` · ${t('connectionDefault')}`}
        </p>
      </div>
      <div className="connection-actions">
        {needsSignIn && connection.method === 'oauth' && (
          <button
            type="button"
            className="button button-primary button-small"
            disabled={busy}
            aria-label={t('signInAgainNamed', title)}
            onClick={onSignIn}
          >
            {t('signInAgain')}
          </button>
        )}
        {!isDefault && (
          <button
            type="button"
            className="button button-small"
            aria-label={t('connectionMakeDefaultNamed', title)}
            onClick={() => makeDefault.mutate()}
          >
            {t('connectionMakeDefault')}
          </button>
        )}
        <button
          type="button"
          className="button button-danger button-small"
          disabled={disconnect.isPending}
          aria-label={t('disconnectNamed', title)}
          onClick={() => disconnect.mutate()}
        >
          {t('disconnect')}
        </button>
      </div>
    </li>
  );
}

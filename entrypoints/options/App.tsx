import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { Field } from '@/components/field';
import { StatusRegion } from '@/components/status-region';
import { normalizeBaseUrl } from '@/lib/api/base-url';
import type { SerializedApiError } from '@/lib/api/errors';
import { originPattern } from '@/lib/auth/origin-pattern';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { type ConnectionsView, type ConnectionView, type Result, sendMessage } from '@/lib/messaging';
import { connectionsItem } from '@/lib/storage';

const CONNECTIONS_KEY = ['connections'] as const;

/** Status text of the page: what just happened, or why it failed. */
type Notice = { message: string; tone: 'info' | 'error' };

function failure(error: SerializedApiError, context?: 'token'): Notice {
  return { message: describeError(error, context), tone: 'error' };
}

/** The options page: connections, the service address, clipping settings. All work is the background's. */
export function App() {
  const queryClient = useQueryClient();
  const connections = useQuery({ queryKey: CONNECTIONS_KEY, queryFn: () => sendMessage('getConnections') });
  const [notice, setNotice] = useState<Notice>({ message: '', tone: 'info' });

  // The background changes connections too (a refresh that ends in "needs sign-in").
  useEffect(
    () => connectionsItem.watch(() => void queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY })),
    [queryClient],
  );

  const refresh = () => queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY });
  const report = <T,>(result: Result<T>, success: (value: T) => string, context?: 'token') => {
    setNotice(result.ok ? { message: success(result.value), tone: 'info' } : failure(result.error, context));
    void refresh();
    return result.ok;
  };

  const signIn = useMutation({
    mutationFn: () => sendMessage('signIn'),
    onMutate: () => setNotice({ message: t('signingIn'), tone: 'info' }),
    onSuccess: (result) => report(result, (connection) => t('connectedTo', connection.spaceTitle)),
  });

  const data = connections.data;
  return (
    <main className="options-page">
      <header>
        <h1>{t('optionsTitle')}</h1>
        <p className="field-hint">{t('optionsIntro')}</p>
      </header>
      <StatusRegion message={notice.message} tone={notice.tone} />

      <section aria-labelledby="connections-heading">
        <h2 id="connections-heading">{t('connectionsHeading')}</h2>
        {data && (
          <ConnectionList
            view={data}
            busy={signIn.isPending}
            onSignIn={() => signIn.mutate()}
            onChanged={(result, success) => report(result, success)}
          />
        )}
      </section>

      <section aria-labelledby="connect-heading">
        <h2 id="connect-heading">{t('connectHeading')}</h2>
        <div className="connect-row">
          <button
            type="button"
            className="button button-primary"
            disabled={signIn.isPending}
            aria-describedby="sign-in-hint"
            onClick={() => signIn.mutate()}
          >
            {t('signIn')}
          </button>
          <p id="sign-in-hint" className="field-hint">
            {t('signInHint')}
          </p>
        </div>
        <p className="divider">{t('orDivider')}</p>
        <TokenForm onResult={(result) => report(result, (c) => t('connectedTo', c.spaceTitle), 'token')} />
      </section>

      {data && <ServiceSettings view={data} onNotice={setNotice} onSaved={refresh} />}
      {data && <ClippingSettings view={data} onSaved={refresh} />}
    </main>
  );
}

function ConnectionList({
  view,
  busy,
  onSignIn,
  onChanged,
}: {
  view: ConnectionsView;
  busy: boolean;
  onSignIn(): void;
  onChanged<T>(result: Result<T>, success: (value: T) => string): void;
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
}: {
  connection: ConnectionView;
  isDefault: boolean;
  busy: boolean;
  onSignIn(): void;
  onChanged<T>(result: Result<T>, success: (value: T) => string): void;
}) {
  const title = connection.spaceTitle;
  const disconnect = useMutation({
    mutationFn: () => sendMessage('disconnect', { spaceId: connection.spaceId }),
    onSuccess: (result) =>
      onChanged(result, ({ revoked }) => {
        // A personal token can only be deleted in the desktop app: forgetting it here does not end it.
        if (connection.method === 'token') return t('disconnectedTokenStillValid', title);
        return t(revoked ? 'disconnected' : 'disconnectedRevokeLater', title);
      }),
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
          {needsSignIn ? t('connectionStatusNeedsSignIn', title) : t('connectionStatusConnected', title)}
        </p>
        <p className="field-hint">
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

function TokenForm({ onResult }: { onResult(result: Result<ConnectionView>): boolean }) {
  const [token, setToken] = useState('');
  const connect = useMutation({
    mutationFn: (value: string) => sendMessage('connectWithToken', { token: value }),
    onSuccess: (result) => {
      if (onResult(result)) setToken('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(token);
  };
  return (
    <form className="token-form" onSubmit={submit} noValidate>
      <Field label={t('tokenLabel')} hint={t('tokenHint')}>
        {(control) => (
          <input
            {...control}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="button" disabled={connect.isPending}>
        {connect.isPending ? t('connecting') : t('connectWithToken')}
      </button>
    </form>
  );
}

function ServiceSettings({
  view,
  onNotice,
  onSaved,
}: {
  view: ConnectionsView;
  onNotice(notice: Notice): void;
  onSaved(): void;
}) {
  const [baseUrl, setBaseUrl] = useState(view.settings.apiBaseUrl);
  const [clientId, setClientId] = useState(view.settings.oauthClientId);
  const [error, setError] = useState<string | undefined>();

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    // Checked before any permission is asked: https, or plain http on this computer only.
    let address: string;
    try {
      // An emptied field means "this build's service", as Reset does.
      address = normalizeBaseUrl(baseUrl.trim() === '' ? view.settings.buildApiBaseUrl : baseUrl);
    } catch {
      setError(t('baseUrlInvalid'));
      return;
    }
    if (address !== view.settings.apiBaseUrl) {
      const pattern = originPattern(address);
      // Asked here, in the click: the browser grants host permissions only during a user gesture.
      const granted = await browser.permissions.request({ origins: [pattern] }).catch(() => false);
      if (!granted) {
        onNotice({ message: t('permissionDenied', pattern), tone: 'error' });
        return;
      }
    }
    const result = await sendMessage('saveSettings', {
      apiBaseUrl: address === view.settings.buildApiBaseUrl ? null : address,
      oauthClientId: clientId.trim() === view.settings.buildOAuthClientId ? null : clientId,
    });
    if (result.ok) {
      onNotice({ message: t('serviceSaved'), tone: 'info' });
      onSaved();
    } else {
      setError(describeError(result.error));
    }
  };

  const reset = () => {
    setBaseUrl(view.settings.buildApiBaseUrl);
    setClientId(view.settings.buildOAuthClientId);
  };

  return (
    <section aria-labelledby="service-heading">
      <h2 id="service-heading">{t('serviceHeading')}</h2>
      <form onSubmit={save} noValidate>
        <Field label={t('apiBaseUrlLabel')} hint={t('apiBaseUrlHint', view.settings.buildApiBaseUrl)} error={error}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              spellCheck={false}
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('clientIdLabel')} hint={t('clientIdHint')}>
          {(control) => (
            <input
              {...control}
              spellCheck={false}
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
            />
          )}
        </Field>
        <div className="button-row">
          <button type="submit" className="button button-primary">
            {t('saveService')}
          </button>
          <button type="button" className="button" onClick={reset}>
            {t('resetService')}
          </button>
        </div>
      </form>
    </section>
  );
}

function ClippingSettings({ view, onSaved }: { view: ConnectionsView; onSaved(): void }) {
  const toggle = async (checked: boolean) => {
    await sendMessage('saveSettings', { dailyNoteTimestamp: checked });
    onSaved();
  };
  return (
    <section aria-labelledby="clipping-heading">
      <h2 id="clipping-heading">{t('clippingHeading')}</h2>
      <Field label={t('dailyTimestampLabel')} variant="check">
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={view.settings.dailyNoteTimestamp}
            onChange={(event) => void toggle(event.target.checked)}
          />
        )}
      </Field>
    </section>
  );
}

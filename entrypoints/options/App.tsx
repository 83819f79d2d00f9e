import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { type Status, StatusRegion } from '@/components/status-region';
import { t } from '@/lib/i18n';
import { type Result, sendMessage } from '@/lib/messaging';
import { connectionsItem } from '@/lib/storage';
import { ClipTemplateSettings } from './clip-template-settings';
import { ClippingSettings } from './clipping-settings';
import { ConnectionList } from './connection-list';
import { HighlightSettings } from './highlight-settings';
import { failure } from './notice';
import { ServiceSettings } from './service-settings';
import { TokenForm } from './token-form';

const CONNECTIONS_KEY = ['connections'] as const;

/** The options page: connections, the service address, clipping settings and clip templates. All work is the background's. */
export function App() {
  const queryClient = useQueryClient();
  const connections = useQuery({ queryKey: CONNECTIONS_KEY, queryFn: () => sendMessage('getConnections') });
  const [notice, setNotice] = useState<Status>({ message: '', tone: 'info' });

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
      {data && <ClippingSettings view={data} onChanged={(result) => report(result, () => t('settingSaved'))} />}
      {data && <ClipTemplateSettings view={data} onNotice={setNotice} />}
      {data && (
        <HighlightSettings
          view={data}
          onChanged={(result) => report(result, () => t('settingSaved'))}
          onNotice={setNotice}
        />
      )}
    </main>
  );
}

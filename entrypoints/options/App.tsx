import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { type Status, StatusRegion } from '@/components/status-region';
import { t } from '@/lib/i18n';
import { type Result, sendMessage } from '@/lib/messaging';
import { connectionsItem } from '@/lib/storage';
import { CaptureRulesSettings } from './capture-rules-settings';
import { ClipTemplateSettings } from './clip-template-settings';
import { ClippingSettings } from './clipping-settings';
import { ConnectSpace } from './connect-space';
import { ConnectionList } from './connection-list';
import { HighlightSettings } from './highlight-settings';
import { HowToClip } from './how-to-clip';
import { failure } from './notice';
import { ServiceSettings } from './service-settings';
import { type Undo, UndoButton } from './undo-button';

const CONNECTIONS_KEY = ['connections'] as const;

/** The options page: connections, the service address, clipping settings and clip templates. All work is the background's. */
export function App() {
  const queryClient = useQueryClient();
  const connections = useQuery({ queryKey: CONNECTIONS_KEY, queryFn: () => sendMessage('getConnections') });
  const [notice, setNotice] = useState<Status & { undo?: Undo }>({ message: '', tone: 'info' });

  // The background changes connections too (a refresh that ends in "needs sign-in").
  useEffect(
    () => connectionsItem.watch(() => void queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY })),
    [queryClient],
  );

  const dropUndo = useCallback(() => setNotice(({ undo: _gone, ...status }) => status), []);

  const refresh = () => queryClient.invalidateQueries({ queryKey: CONNECTIONS_KEY });
  const report = <T,>(result: Result<T>, success: (value: T) => string) => {
    setNotice(result.ok ? { message: success(result.value), tone: 'info' } : failure(result.error));
    void refresh();
    return result.ok;
  };

  const signIn = useMutation({
    mutationFn: () => sendMessage('signIn'),
    onMutate: () => setNotice({ message: t('signingIn'), tone: 'info' }),
    onSuccess: (result) => report(result, (connection) => t('connectedTo', connection.spaceTitle)),
  });

  const data = connections.data;
  const connected = data !== undefined && data.connections.length > 0;
  return (
    <main className="options-page">
      <header>
        <h1>{t('optionsTitle')}</h1>
      </header>
      <div className="notice-row">
        <StatusRegion message={notice.message} tone={notice.tone} />
        {notice.undo && <UndoButton undo={notice.undo} onDone={setNotice} onExpired={dropUndo} />}
      </div>

      {connected && (
        <section aria-labelledby="connections-heading">
          <h2 id="connections-heading">{t('connectionsHeading')}</h2>
          <ConnectionList
            view={data}
            busy={signIn.isPending}
            onSignIn={() => signIn.mutate()}
            onChanged={(result, success) => report(result, success)}
            onDisconnected={(message, undo) => {
              setNotice({ message, tone: 'info', undo });
              void refresh();
            }}
          />
        </section>
      )}
      {connected && <HowToClip />}

      {data && (
        <ConnectSpace
          first={!connected}
          busy={signIn.isPending}
          onSignIn={() => signIn.mutate()}
          onConnected={(connection) => report({ ok: true, value: connection }, (c) => t('connectedTo', c.spaceTitle))}
        />
      )}

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
      {data && <CaptureRulesSettings view={data} onNotice={setNotice} />}
    </main>
  );
}

import { useEffect, useState } from 'react';
import { browser } from 'wxt/browser';
import { SpaceSwitcher } from '@/components/space-switcher';
import { t } from '@/lib/i18n';
import { ClipForm } from './clip-form';
import { HighlightButton } from './highlight-button';
import { HighlightsSlot } from './highlights-slot';
import { OutboxPanel } from './outbox-panel';
import { useConnections } from './queries';
import type { EditRequest } from './saved-actions';
import { useAfterFirstPaint } from './use-after-first-paint';

function openSettings() {
  void browser.runtime.openOptionsPage();
}

export function App({ tabId }: { tabId: number | undefined }) {
  const connections = useConnections();
  const [chosenSpaceId, setChosenSpaceId] = useState<string | undefined>();
  const [editRequest, setEditRequest] = useState<EditRequest | undefined>();
  const belowShown = useAfterFirstPaint();

  // Escape closes the popup (a combobox that is open takes the first Escape for itself).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) window.close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);

  const view = connections.data;
  const spaces = view?.connections ?? [];
  const spaceId =
    chosenSpaceId && spaces.some((space) => space.spaceId === chosenSpaceId)
      ? chosenSpaceId
      : (view?.settings.defaultSpaceId ?? spaces[0]?.spaceId);
  const space = spaces.find((candidate) => candidate.spaceId === spaceId);

  return (
    <main className="popup-app">
      <h1 className="popup-title">{space ? t('popupHeading', space.spaceTitle) : t('extName')}</h1>
      {view && spaces.length === 0 && (
        <section className="notice">
          <p>{t('notConnected')}</p>
          <button type="button" className="button button-primary" onClick={openSettings}>
            {t('openSettings')}
          </button>
        </section>
      )}
      {space && (
        <>
          <SpaceSwitcher
            spaces={spaces.map((s) => ({ id: s.spaceId, title: s.spaceTitle, state: s.state }))}
            value={space.spaceId}
            onChange={setChosenSpaceId}
          />
          {space.state === 'needs-sign-in' && (
            <section className="notice notice-warning">
              <p>{t('needsSignInNotice', space.spaceTitle)}</p>
              <button type="button" className="button button-small" onClick={openSettings}>
                {t('signInAgain')}
              </button>
            </section>
          )}
          <ClipForm
            key={space.spaceId}
            spaceId={space.spaceId}
            tabId={tabId}
            editRequest={editRequest?.spaceId === space.spaceId ? editRequest : undefined}
          />
        </>
      )}
      {space && belowShown && tabId !== undefined && <HighlightButton spaceId={space.spaceId} tabId={tabId} />}
      {belowShown && space && tabId !== undefined && <HighlightsSlot spaceId={space.spaceId} tabId={tabId} />}
      {belowShown && (
        <OutboxPanel
          onSignIn={openSettings}
          onEdit={(request) => {
            // The edit view of a clip from the history, in its own space.
            const owner = view?.connections.find((connection) => connection.spaceId === request.spaceId);
            if (owner) setChosenSpaceId(owner.spaceId);
            setEditRequest(request);
            window.scrollTo({ top: 0 });
          }}
        />
      )}
    </main>
  );
}

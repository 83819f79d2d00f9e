import { useState } from 'react';
import { browser } from 'wxt/browser';
import { SpaceSwitcher } from '@/components/space-switcher';
import { t } from '@/lib/i18n';
import { ClipForm } from './clip-form';
import { HighlightButton } from './highlight-button';
import { HighlightsSlot } from './highlights-slot';
import { closeKeepingDraft } from './kept-drafts';
import { OutboxSlot } from './outbox-slot';
import { useConnections } from './queries';
import type { EditRequest } from './saved-actions';
import { NeedsSignInNotice, SignInNotice } from './sign-in-notice';
import { useAfterFirstPaint } from './use-after-first-paint';
import { useEscapeToClose } from './use-escape-to-close';

function openSettings() {
  void browser.runtime.openOptionsPage();
}

export function App({ tabId }: { tabId: number | undefined }) {
  const connections = useConnections();
  const [chosenSpaceId, setChosenSpaceId] = useState<string | undefined>();
  const [editRequest, setEditRequest] = useState<EditRequest | undefined>();
  const belowShown = useAfterFirstPaint();

  useEscapeToClose(closeKeepingDraft);

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
      {view && spaces.length === 0 && <SignInNotice onOpenSettings={openSettings} />}
      {space && (
        <>
          <SpaceSwitcher
            spaces={spaces.map((s) => ({ id: s.spaceId, title: s.spaceTitle, state: s.state }))}
            value={space.spaceId}
            onChange={setChosenSpaceId}
          />
          {space.state === 'needs-sign-in' && <NeedsSignInNotice space={space} onOpenSettings={openSettings} />}
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
        <OutboxSlot
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

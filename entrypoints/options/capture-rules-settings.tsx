import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { SpaceSwitcher } from '@/components/space-switcher';
import type { Status } from '@/components/status-region';
import type { RulesFile } from '@/lib/capture/rules-schema';
import { t } from '@/lib/i18n';
import { type ConnectionsView, type ConnectionView, sendMessage } from '@/lib/messaging';

// The editor, its forms and the rules file's zod schema load only when the section shows.
const CaptureRulesEditor = lazy(() =>
  import('./capture-rules-editor').then(({ CaptureRulesEditor }) => ({ default: CaptureRulesEditor })),
);

/** Every type of the space (the background's copy of its structures), for the rules' targets and fields. */
function useSpaceStructures(spaceId: string) {
  return useQuery({
    queryKey: ['capture-structures', spaceId],
    queryFn: async () => {
      const answer = await sendMessage('getCaptureStructures', { spaceId });
      if (!answer.ok) throw new Error(answer.error.message);
      return answer.value;
    },
  });
}

function SpaceCaptureRules({ space, onNotice }: { space: ConnectionView; onNotice(notice: Status): void }) {
  const queryClient = useQueryClient();
  const { spaceId, spaceTitle } = space;
  const rulesKey = ['capture-rules', spaceId];
  const structures = useSpaceStructures(spaceId);
  const file = useQuery({ queryKey: rulesKey, queryFn: () => sendMessage('getCaptureRules', { spaceId }) });
  const save = useMutation({
    mutationFn: (next: RulesFile) => sendMessage('saveCaptureRules', { spaceId, file: next }),
    onError: () => {
      onNotice({ message: t('captureRulesSaveFailed'), tone: 'error' });
      void queryClient.invalidateQueries({ queryKey: rulesKey });
    },
  });

  if (structures.error || file.error) return <p className="field-error">{t('captureRulesLoadFailed')}</p>;
  const loading = <p className="field-hint">{t('captureRulesLoading', spaceTitle)}</p>;
  if (!structures.data || !file.data) return loading;
  const current = file.data;
  return (
    <Suspense fallback={loading}>
      <CaptureRulesEditor
        rules={current.rules}
        structures={structures.data}
        onNotice={onNotice}
        onChange={(rules) => {
          // Shown at once; the file keeps any top-level field a newer version wrote.
          const next = { ...current, rules };
          queryClient.setQueryData(rulesKey, next);
          save.mutate(next);
        }}
      />
    </Suspense>
  );
}

/** "Capture rules": per connected space (the default one first), the rules its clips follow. */
export function CaptureRulesSettings({ view, onNotice }: { view: ConnectionsView; onNotice(notice: Status): void }) {
  const [chosenSpaceId, setChosenSpaceId] = useState<string | null>(null);
  const { connections, settings } = view;
  const space =
    connections.find(({ spaceId }) => spaceId === chosenSpaceId) ??
    connections.find(({ spaceId }) => spaceId === settings.defaultSpaceId) ??
    connections[0];
  if (!space) return null;
  return (
    <section aria-labelledby="capture-rules-heading">
      <h2 id="capture-rules-heading">{t('captureRulesHeading')}</h2>
      <p className="field-hint">{t('captureRulesIntro')}</p>
      <SpaceSwitcher
        spaces={connections.map(({ spaceId, spaceTitle, state }) => ({ id: spaceId, title: spaceTitle, state }))}
        value={space.spaceId}
        onChange={setChosenSpaceId}
      />
      {/* Keyed by space: an open rule form never carries over to another space's types. */}
      <SpaceCaptureRules key={space.spaceId} space={space} onNotice={onNotice} />
    </section>
  );
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import type { Status } from '@/components/status-region';
import type { RulesFile } from '@/lib/capture/rules-schema';
import { t } from '@/lib/i18n';
import { type ConnectionsView, type ConnectionView, sendMessage } from '@/lib/messaging';
import { PerSpaceSection } from './per-space-section';

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
  return (
    <PerSpaceSection
      view={view}
      headingId="capture-rules-heading"
      heading={t('captureRulesHeading')}
      intro={t('captureRulesIntro')}
    >
      {(space) => <SpaceCaptureRules space={space} onNotice={onNotice} />}
    </PerSpaceSection>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Status } from '@/components/status-region';
import type { SerializedApiError } from '@/lib/api/errors';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { type ConnectionsView, type ConnectionView, sendMessage } from '@/lib/messaging';
import { clipTemplatesCopy, EMPTY_CLIP_TEMPLATE } from '@/lib/storage';
import { ClipTemplateEditor } from './clip-template-editor';
import { PerSpaceSection } from './per-space-section';

const TEMPLATES_KEY = ['clip-templates'] as const;

/** A failed `getWeblinkForm` answer, kept as data so its text comes from `describeError`. */
class WeblinkFormError extends Error {
  constructor(readonly error: SerializedApiError) {
    super(error.message);
  }
}

function loadFailure(error: Error): string {
  return error instanceof WeblinkFormError ? describeError(error.error) : t('clipTemplateLoadFailed');
}

/** The space's template editor, once its weblink type and its stored template are known. */
function SpaceClipTemplate({ space, onNotice }: { space: ConnectionView; onNotice(notice: Status): void }) {
  const queryClient = useQueryClient();
  const { spaceId, spaceTitle } = space;
  const form = useQuery({
    queryKey: ['weblink-form', spaceId],
    queryFn: async () => {
      const answer = await sendMessage('getWeblinkForm', { spaceId });
      if (!answer.ok) throw new WeblinkFormError(answer.error);
      return answer.value;
    },
  });
  // Read here, never written: the background alone stores templates (`saveClipTemplate`).
  const templates = useQuery({ queryKey: TEMPLATES_KEY, queryFn: () => clipTemplatesCopy.getValue() });

  const error = form.error ?? templates.error;
  if (error) return <p className="field-error">{loadFailure(error)}</p>;
  if (!form.data || !templates.data) return <p className="field-hint">{t('clipTemplateLoading', spaceTitle)}</p>;
  return (
    <ClipTemplateEditor
      spaceId={spaceId}
      spaceTitle={spaceTitle}
      fields={form.data.fields}
      stored={templates.data[spaceId] ?? EMPTY_CLIP_TEMPLATE}
      onNotice={onNotice}
      onSaved={() => void queryClient.invalidateQueries({ queryKey: TEMPLATES_KEY })}
    />
  );
}

/** "Clip template": per connected space (the default one first), what a new clip of a page starts with. */
export function ClipTemplateSettings({ view, onNotice }: { view: ConnectionsView; onNotice(notice: Status): void }) {
  return (
    <PerSpaceSection
      view={view}
      headingId="clip-template-heading"
      heading={t('clipTemplateHeading')}
      intro={t('clipTemplateIntro')}
    >
      {(space) => <SpaceClipTemplate space={space} onNotice={onNotice} />}
    </PerSpaceSection>
  );
}

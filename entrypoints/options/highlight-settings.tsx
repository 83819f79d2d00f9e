import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/field';
import type { Status } from '@/components/status-region';
import { t } from '@/lib/i18n';
import { revisitIsOn, turnRevisitOff, turnRevisitOn } from './highlight-revisit';

const REVISIT_KEY = ['highlights-on-revisit'] as const;

/** The options of highlights: "Show my highlights when I revisit a page". */
export function HighlightSettings({ onNotice }: { onNotice(status: Status): void }) {
  const client = useQueryClient();
  const revisit = useQuery({ queryKey: REVISIT_KEY, queryFn: revisitIsOn });

  const toggle = async (on: boolean) => {
    // turnRevisitOn asks for the permission first thing, still within this click.
    if (!on) await turnRevisitOff();
    const done = !on || (await turnRevisitOn());
    onNotice(
      done ? { message: t('settingSaved'), tone: 'info' } : { message: t('highlightsRevisitRefused'), tone: 'error' },
    );
    await client.invalidateQueries({ queryKey: REVISIT_KEY });
  };

  return (
    <section aria-labelledby="highlights-heading">
      <h2 id="highlights-heading">{t('highlightsHeading')}</h2>
      <Field label={t('highlightsRevisit')} hint={t('highlightsRevisitHint')} variant="check">
        {(control) => (
          <input
            {...control}
            type="checkbox"
            checked={revisit.data ?? false}
            disabled={!revisit.isSuccess}
            onChange={(event) => void toggle(event.target.checked)}
          />
        )}
      </Field>
    </section>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Field } from '@/components/field';
import type { Status } from '@/components/status-region';
import { COLOUR_MESSAGES, HIGHLIGHT_COLOURS, isHighlightColour } from '@/lib/highlighter/colours';
import { t } from '@/lib/i18n';
import { type ConnectionsView, type Result, sendMessage } from '@/lib/messaging';
import { revisitIsOn, turnRevisitOff, turnRevisitOn } from './highlight-revisit';

const REVISIT_KEY = ['highlights-on-revisit'] as const;

/** The options of highlights: "Highlight colour" and "Show my highlights when I revisit a page". */
export function HighlightSettings({
  view,
  onChanged,
  onNotice,
}: {
  view: ConnectionsView;
  onChanged(result: Result<ConnectionsView>): void;
  onNotice(status: Status): void;
}) {
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

  const choose = async (colour: string) => {
    if (isHighlightColour(colour)) onChanged(await sendMessage('saveSettings', { highlightColour: colour }));
  };

  return (
    <section aria-labelledby="highlights-heading">
      <h2 id="highlights-heading">{t('highlightsHeading')}</h2>
      <Field label={t('highlightColourSetting')}>
        {(control) => (
          <select
            {...control}
            value={view.settings.highlightColour}
            onChange={(event) => void choose(event.target.value)}
          >
            {HIGHLIGHT_COLOURS.map((colour) => (
              <option key={colour} value={colour}>
                {t(COLOUR_MESSAGES[colour])}
              </option>
            ))}
          </select>
        )}
      </Field>
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

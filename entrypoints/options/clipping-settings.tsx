import { Field } from '@/components/field';
import { t } from '@/lib/i18n';
import { type ConnectionsView, type Result, sendMessage } from '@/lib/messaging';

/** How clips are made (the daily-note timestamp). */
export function ClippingSettings({
  view,
  onChanged,
}: {
  view: ConnectionsView;
  onChanged(result: Result<ConnectionsView>): void;
}) {
  const toggle = async (checked: boolean) => {
    onChanged(await sendMessage('saveSettings', { dailyNoteTimestamp: checked }));
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

import { useQuery } from '@tanstack/react-query';
import { browser } from 'wxt/browser';
import { type MessageKey, t } from '@/lib/i18n';

/** Our commands' names in the page's language; the browser lists them by their ids. */
const COMMAND_NAMES: Record<string, MessageKey> = {
  _execute_action: 'commandOpenPopup',
  'save-page': 'commandSavePage',
  'add-selection-to-daily-note': 'commandAddToDailyNote',
  'highlight-selection': 'highlightSelection',
};

const FIREFOX = import.meta.env.BROWSER === 'firefox';

/**
 * The three ways to clip, shown once a space is connected: the toolbar icon (and how this
 * browser pins it), the context menu, and the shortcuts as this browser has them now: a person
 * may have changed or removed them, and a browser leaves out one that another extension holds.
 */
export function HowToClip() {
  const commands = useQuery({ queryKey: ['commands'], queryFn: () => browser.commands.getAll() });
  const unset = commands.data?.some((command) => !command.shortcut);
  return (
    <section aria-labelledby="how-to-clip-heading" className="how-to-clip">
      <h2 id="how-to-clip-heading">{t('howToClipHeading')}</h2>
      <ul>
        <li>
          {t('howToClipIcon')} {t(FIREFOX ? 'howToPinFirefox' : 'howToPinChrome')}
        </li>
        <li>{t('howToClipMenu')}</li>
        <li>
          {t('howToClipShortcuts')}
          <ul aria-label={t('howToClipShortcuts')}>
            {commands.data?.map((command) => (
              <li key={command.name}>
                {commandName(command)}:{' '}
                {command.shortcut ? <kbd>{command.shortcut}</kbd> : <em>{t('shortcutNotSet')}</em>}
              </li>
            ))}
          </ul>
          {unset && <p className="field-hint">{t(FIREFOX ? 'shortcutHowToSetFirefox' : 'shortcutHowToSetChrome')}</p>}
        </li>
      </ul>
    </section>
  );
}

function commandName(command: { name?: string; description?: string }): string {
  const key = command.name ? COMMAND_NAMES[command.name] : undefined;
  return key ? t(key) : (command.description ?? command.name ?? '');
}

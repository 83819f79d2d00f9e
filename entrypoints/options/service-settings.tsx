import { type FormEvent, useState } from 'react';
import { browser } from 'wxt/browser';
import { Field } from '@/components/field';
import type { Status } from '@/components/status-region';
import { normalizeBaseUrl } from '@/lib/api/base-url';
import { originPattern } from '@/lib/auth/origin-pattern';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { type ConnectionsView, sendMessage } from '@/lib/messaging';

/**
 * The service's address and OAuth client id: checked, and its host permission asked, before saving.
 * Closed under "Advanced": only someone running their own service needs them.
 */
export function ServiceSettings({
  view,
  onNotice,
  onSaved,
}: {
  view: ConnectionsView;
  onNotice(notice: Status): void;
  onSaved(): void;
}) {
  const [baseUrl, setBaseUrl] = useState(view.settings.apiBaseUrl);
  const [clientId, setClientId] = useState(view.settings.oauthClientId);
  const [error, setError] = useState<string | undefined>();
  const [open, setOpen] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    // Checked before any permission is asked: https, or plain http on this computer only.
    let address: string;
    try {
      // An emptied field means "this build's service", as Reset does.
      address = normalizeBaseUrl(baseUrl.trim() === '' ? view.settings.buildApiBaseUrl : baseUrl);
    } catch {
      setError(t('baseUrlInvalid'));
      return;
    }
    if (address !== view.settings.apiBaseUrl) {
      const pattern = originPattern(address);
      // Asked here, in the click: the browser grants host permissions only during a user gesture.
      const granted = await browser.permissions.request({ origins: [pattern] }).catch(() => false);
      if (!granted) {
        onNotice({ message: t('permissionDenied', pattern), tone: 'error' });
        return;
      }
    }
    const result = await sendMessage('saveSettings', {
      apiBaseUrl: address === view.settings.buildApiBaseUrl ? null : address,
      oauthClientId: clientId.trim() === view.settings.buildOAuthClientId ? null : clientId,
    });
    if (result.ok) {
      onNotice({ message: t('serviceSaved'), tone: 'info' });
      onSaved();
    } else {
      setError(describeError(result.error));
    }
  };

  const reset = () => {
    setBaseUrl(view.settings.buildApiBaseUrl);
    setClientId(view.settings.buildOAuthClientId);
  };

  return (
    <section aria-labelledby="service-heading">
      <h2 id="service-heading">
        <button
          type="button"
          className="disclosure"
          aria-expanded={open}
          aria-controls="service-form"
          onClick={() => setOpen(!open)}
        >
          <span className="disclosure-marker" aria-hidden="true" />
          {t('advanced')}
        </button>
      </h2>
      <form id="service-form" hidden={!open} onSubmit={save} noValidate>
        <Field label={t('apiBaseUrlLabel')} hint={t('apiBaseUrlHint', view.settings.buildApiBaseUrl)} error={error}>
          {(control) => (
            <input
              {...control}
              type="url"
              inputMode="url"
              spellCheck={false}
              value={baseUrl}
              onChange={(event) => setBaseUrl(event.target.value)}
            />
          )}
        </Field>
        <Field label={t('clientIdLabel')} hint={t('clientIdHint')}>
          {(control) => (
            <input
              {...control}
              spellCheck={false}
              value={clientId}
              onChange={(event) => setClientId(event.target.value)}
            />
          )}
        </Field>
        <div className="button-row">
          <button type="submit" className="button button-primary">
            {t('saveService')}
          </button>
          <button type="button" className="button" onClick={reset}>
            {t('resetService')}
          </button>
        </div>
      </form>
    </section>
  );
}

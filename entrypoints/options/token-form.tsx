import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useRef, useState } from 'react';
import { Field } from '@/components/field';
import { describeError } from '@/lib/error-text';
import { t } from '@/lib/i18n';
import { type ConnectionView, sendMessage } from '@/lib/messaging';

/**
 * Connecting a space with a personal API token. A refused token is said at the field, which gets
 * the focus, so the person reads why where they fix it.
 */
export function TokenForm({
  id,
  hidden,
  onConnected,
}: {
  id: string;
  hidden: boolean;
  onConnected(connection: ConnectionView): void;
}) {
  const [token, setToken] = useState('');
  const [error, setError] = useState<string | undefined>();
  const input = useRef<HTMLInputElement>(null);
  const connect = useMutation({
    mutationFn: (value: string) => sendMessage('connectWithToken', { token: value }),
    onSuccess: (result) => {
      if (result.ok) {
        setToken('');
        onConnected(result.value);
        return;
      }
      setError(describeError(result.error, 'token'));
      // After the render that ties the error to the field, so it is read with the field.
      requestAnimationFrame(() => input.current?.focus());
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(undefined);
    connect.mutate(token);
  };
  return (
    <form id={id} className="token-form" hidden={hidden} onSubmit={submit} noValidate>
      <Field label={t('tokenLabel')} hint={t('tokenHint')} error={error}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="password"
            autoComplete="off"
            spellCheck={false}
            value={token}
            onChange={(event) => setToken(event.target.value)}
          />
        )}
      </Field>
      <button type="submit" className="button" disabled={connect.isPending}>
        {connect.isPending ? t('connecting') : t('connectWithToken')}
      </button>
    </form>
  );
}

import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Field } from '@/components/field';
import { t } from '@/lib/i18n';
import { type ConnectionView, type Result, sendMessage } from '@/lib/messaging';

/** Connecting a space with a personal API token. */
export function TokenForm({ onResult }: { onResult(result: Result<ConnectionView>): boolean }) {
  const [token, setToken] = useState('');
  const connect = useMutation({
    mutationFn: (value: string) => sendMessage('connectWithToken', { token: value }),
    onSuccess: (result) => {
      if (onResult(result)) setToken('');
    },
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    connect.mutate(token);
  };
  return (
    <form className="token-form" onSubmit={submit} noValidate>
      <Field label={t('tokenLabel')} hint={t('tokenHint')}>
        {(control) => (
          <input
            {...control}
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

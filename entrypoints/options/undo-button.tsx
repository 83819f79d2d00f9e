import { useEffect, useRef } from 'react';
import type { Status } from '@/components/status-region';
import { t } from '@/lib/i18n';

/** What Undo does, and how long it is offered. */
export interface Undo {
  run(): Promise<Status>;
  /** When the offer ends (ms epoch): the background carries the action out then. */
  until: number;
}

/**
 * "Undo" beside the status that reported the action. It takes the focus, since the control that
 * acted (a list item's button) is gone, and leaves once the action can no longer be undone.
 */
export function UndoButton({
  undo,
  onDone,
  onExpired,
}: {
  undo: Undo;
  onDone(status: Status): void;
  onExpired(): void;
}) {
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    button.current?.focus();
    const expire = setTimeout(onExpired, undo.until - Date.now());
    return () => clearTimeout(expire);
  }, [undo, onExpired]);
  return (
    <button ref={button} type="button" className="button button-small" onClick={async () => onDone(await undo.run())}>
      {t('undo')}
    </button>
  );
}

import type { ClipState } from '@/lib/clips/stored-clip';
import { type MessageKey, t } from '@/lib/i18n';

/** A clip waiting in the outbox (landed ones are the history's). */
export type ClipView = {
  id: string;
  title: string;
  /** What kind of clip it is, in words (its kind's label). */
  label: MessageKey;
  state: ClipState;
  reason?: string;
  targetTitle?: string;
  updatedAt: number;
};

export type ClipListProps = {
  clips: ClipView[];
  onRetry(clip: ClipView): void;
  onDiscard(clip: ClipView): void;
  onSignIn(clip: ClipView): void;
};

const STATE_KEYS: Record<ClipState, MessageKey> = {
  pending: 'clipStatePending',
  'needs-sign-in': 'clipStateNeedsSignIn',
  failed: 'clipStateFailed',
};

type ActionProps = { text: MessageKey; name: MessageKey; clip: ClipView; onClick(clip: ClipView): void };

/** Shows a short word and carries the clip's title in its name, so each button is distinct in a list. */
function ClipAction({ text, name, clip, onClick, danger }: ActionProps & { danger?: boolean }) {
  return (
    <button
      type="button"
      className={danger ? 'button button-small button-danger' : 'button button-small'}
      aria-label={t(name, clip.title)}
      onClick={() => onClick(clip)}
    >
      {t(text)}
    </button>
  );
}

/** The outbox: every clip with its state in words, why it is stuck, and what can be done about it. */
export function ClipList({ clips, onRetry, onDiscard, onSignIn }: ClipListProps) {
  if (clips.length === 0) return <p className="clip-list-empty">{t('clipListEmpty')}</p>;
  return (
    <ul className="clip-list">
      {clips.map((clip) => (
        <li key={clip.id} className="clip">
          <p className="clip-title">{clip.title}</p>
          <p className="clip-meta">
            <span className={`clip-state clip-state-${clip.state}`}>{t(STATE_KEYS[clip.state])}</span>
            {' · '}
            {t(clip.label)}
            {clip.targetTitle && ` ${t('clipTarget', clip.targetTitle)}`}
            {' · '}
            <time dateTime={new Date(clip.updatedAt).toISOString()}>
              {new Date(clip.updatedAt).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' })}
            </time>
          </p>
          {clip.reason && <p className="clip-reason">{clip.reason}</p>}
          <div className="clip-actions">
            {clip.state === 'needs-sign-in' && (
              <ClipAction text="clipSignIn" name="clipSignInNamed" clip={clip} onClick={onSignIn} />
            )}
            <ClipAction text="clipRetry" name="clipRetryNamed" clip={clip} onClick={onRetry} />
            <ClipAction text="clipDiscard" name="clipDiscardNamed" clip={clip} onClick={onDiscard} danger />
          </div>
        </li>
      ))}
    </ul>
  );
}

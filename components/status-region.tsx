/** What a page's status region says: what just happened, or why it failed. */
export type Status = {
  /** Rendered exactly, so the region's text ends with "Saved", "Queued" or the error's message. */
  message: string;
  tone: 'info' | 'error';
};

/**
 * The polite live region the app reports outcomes in. It is always rendered, empty when there is
 * nothing to say: screen readers only announce changes to a live region that already exists.
 */
export function StatusRegion({ message, tone = 'info' }: Omit<Status, 'tone'> & Partial<Pick<Status, 'tone'>>) {
  const isError = tone === 'error' && message !== '';
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className={isError ? 'status status-error' : 'status'}>
      {isError && (
        <svg className="status-icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
          <circle cx="8" cy="8" r="7" fill="currentColor" />
          <path d="M8 4.5v4.5M8 11.5v.5" stroke="var(--color-bg)" strokeWidth="1.8" strokeLinecap="round" />
        </svg>
      )}
      {message}
    </div>
  );
}

import { useId, useState } from 'react';
import { COLOUR_MESSAGES, HIGHLIGHT_COLOURS, type HighlightColour } from '@/lib/highlighter/colours';
import { t } from '@/lib/i18n';
import './highlight-list.css';

/** A highlight of the page as the popup lists it (the background's answer, in page order, not found last). */
export interface PopupHighlight {
  id: string;
  quote: string;
  colour: HighlightColour;
  note: string;
  status: 'found' | 'not-found';
}

export interface HighlightActions {
  onColour(id: string, colour: HighlightColour): void;
  onNote(id: string, note: string): void;
  onRemove(id: string): void;
}

/** One highlight: its quote, the radio group "Colour", "Highlight note" (saved on blur) and "Remove highlight". */
function HighlightItem({ highlight, actions }: { highlight: PopupHighlight; actions: HighlightActions }) {
  const name = useId();
  const [note, setNote] = useState(highlight.note);
  return (
    <li className="highlight-item" data-colour={highlight.colour}>
      <blockquote id={`${name}-quote`} className="highlight-quote">
        {highlight.quote}
      </blockquote>
      <fieldset className="highlight-colours">
        <legend>{t('highlightColour')}</legend>
        {HIGHLIGHT_COLOURS.map((colour) => (
          <label key={colour} className="highlight-colour" data-colour={colour}>
            <input
              type="radio"
              name={name}
              value={colour}
              checked={highlight.colour === colour}
              onChange={() => actions.onColour(highlight.id, colour)}
            />
            {t(COLOUR_MESSAGES[colour])}
          </label>
        ))}
      </fieldset>
      <label className="field highlight-note">
        {t('highlightNote')}
        <textarea
          rows={2}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          onBlur={() => note !== highlight.note && actions.onNote(highlight.id, note)}
        />
      </label>
      <button
        type="button"
        className="button button-small"
        aria-describedby={`${name}-quote`}
        onClick={() => actions.onRemove(highlight.id)}
      >
        {t('highlightRemove')}
      </button>
    </li>
  );
}

function Items({
  highlights,
  actions,
  labelledBy,
}: {
  highlights: PopupHighlight[];
  actions: HighlightActions;
  labelledBy: string;
}) {
  return (
    <ul className="highlight-items" aria-labelledby={labelledBy}>
      {highlights.map((highlight) => (
        <HighlightItem key={highlight.id} highlight={highlight} actions={actions} />
      ))}
    </ul>
  );
}

/**
 * The popup's list "Highlights": the page's highlights in page order, then, under "Not found on this
 * page", those that could not be placed (kept, never dropped), with "Copy as Markdown" for all.
 */
export function HighlightList({
  highlights,
  actions,
  onCopy,
  copyStatus,
}: {
  highlights: PopupHighlight[];
  actions: HighlightActions;
  onCopy(): void;
  /** What the last copy did, said politely ('' before any). */
  copyStatus: string;
}) {
  const id = useId();
  if (highlights.length === 0) return null;
  const found = highlights.filter((highlight) => highlight.status === 'found');
  const notFound = highlights.filter((highlight) => highlight.status === 'not-found');
  return (
    <section aria-labelledby={`${id}-heading`} className="highlights">
      <div className="highlights-header">
        <h2 id={`${id}-heading`}>{t('highlightsHeading')}</h2>
        <button type="button" className="button button-small" onClick={onCopy}>
          {t('highlightsCopyMarkdown')}
        </button>
        <span className="highlights-copied" aria-live="polite">
          {copyStatus}
        </span>
      </div>
      {found.length > 0 && <Items highlights={found} actions={actions} labelledBy={`${id}-heading`} />}
      {notFound.length > 0 && (
        <>
          <h3 id={`${id}-not-found`}>{t('highlightsNotFound')}</h3>
          <Items highlights={notFound} actions={actions} labelledBy={`${id}-not-found`} />
        </>
      )}
    </section>
  );
}

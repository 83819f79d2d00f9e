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
function HighlightItem({
  highlight,
  actions,
  notFoundHeading,
  headed,
}: {
  highlight: PopupHighlight;
  actions: HighlightActions;
  /** The id of the heading "Not found on this page", for a highlight that could not be placed. */
  notFoundHeading: string | undefined;
  /** The first of those: the heading is at its top, so that it stands above all of them. */
  headed: boolean;
}) {
  const name = useId();
  const [note, setNote] = useState(highlight.note);
  return (
    <li className="highlight-item" data-colour={highlight.colour} aria-describedby={notFoundHeading}>
      {headed && <h3 id={notFoundHeading}>{t('highlightsNotFound')}</h3>}
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

/**
 * The popup's list "Highlights", one item per highlight: those on the page in page order, then
 * those that could not be placed (kept, never dropped), the first of them under the heading "Not
 * found on this page" (which describes each of them), with "Copy as Markdown" for all.
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
  const notFoundId = `${id}-not-found`;
  const firstNotFound = highlights.find((highlight) => highlight.status === 'not-found');
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
      <ul className="highlight-items" aria-labelledby={`${id}-heading`}>
        {highlights.map((highlight) => (
          <HighlightItem
            key={highlight.id}
            highlight={highlight}
            actions={actions}
            notFoundHeading={highlight.status === 'not-found' ? notFoundId : undefined}
            headed={highlight === firstNotFound}
          />
        ))}
      </ul>
    </section>
  );
}

import { useId } from 'react';
import type { ArticleCapture } from '@/lib/clip/article';
import { readingMinutes } from '@/lib/clip/reading-time';
import { articleTooLargeText } from '@/lib/error-text';
import { type MessageKey, t } from '@/lib/i18n';
import type { KeepChoice } from '@/lib/messaging';

/** The article as the popup knows it: not asked for yet, being read, or the script's answer. */
export type ArticleState = { kind: 'idle' } | { kind: 'reading' } | ArticleCapture | { kind: 'unreadable' };

const LABELS: Record<KeepChoice, MessageKey> = {
  link: 'keepLink',
  article: 'keepArticle',
  selection: 'keepSelection',
};

/** What the hint under the choices says of the article, when it is the one kept. */
function articleHint(article: ArticleState): string | undefined {
  switch (article.kind) {
    case 'reading':
      return t('articleReading');
    case 'article':
      return t('articleLength', [
        article.words.toLocaleString(),
        String(readingMinutes(article.words)),
        article.characters.toLocaleString(),
      ]);
    case 'no-article':
      return t('articleNotFound');
    case 'unreadable':
      return t('articleUnreadable');
    case 'too-large':
      return articleTooLargeText(article.oversizedBytes);
    default:
      return undefined;
  }
}

/** Whether the article can be kept: not when the page cannot be read or has no article. */
export function articleAvailable(article: ArticleState): boolean {
  return article.kind !== 'no-article' && article.kind !== 'unreadable';
}

/**
 * The radio group "Keep": what the weblink keeps as its body besides the notes. "Selection" is
 * offered only while text is selected; "Article" says the article's length once it is read, or
 * why it cannot be kept.
 */
export function KeepChoiceGroup({
  keep,
  hasSelection,
  article,
  onChange,
}: {
  keep: KeepChoice;
  hasSelection: boolean;
  article: ArticleState;
  onChange: (keep: KeepChoice) => void;
}) {
  const name = useId();
  const hintId = `${name}-hint`;
  const choices: KeepChoice[] = hasSelection ? ['link', 'article', 'selection'] : ['link', 'article'];
  const hint = keep === 'article' || !articleAvailable(article) ? articleHint(article) : undefined;
  const hintIsError = article.kind === 'too-large' && keep === 'article';

  return (
    <fieldset className="field field-group keep-choice" aria-describedby={hint ? hintId : undefined}>
      <legend>{t('keepLegend')}</legend>
      <div className="keep-options">
        {choices.map((choice) => (
          <label key={choice} className="keep-option">
            <input
              type="radio"
              name={name}
              value={choice}
              checked={keep === choice}
              disabled={choice === 'article' && !articleAvailable(article)}
              onChange={() => onChange(choice)}
            />
            {t(LABELS[choice])}
          </label>
        ))}
      </div>
      {hint && (
        <p id={hintId} className={hintIsError ? 'field-error' : 'field-hint'}>
          {hint}
        </p>
      )}
    </fieldset>
  );
}

import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import type { KeepChoice } from '@/lib/messaging';
import { type ArticleState, KeepChoiceGroup } from './keep-choice';

const findings = {
  title: null,
  byline: null,
  siteName: null,
  publishedTime: null,
  excerpt: null,
  language: null,
  direction: null,
};

function Keep({
  article,
  hasSelection = false,
  start = 'link',
}: {
  article: ArticleState;
  hasSelection?: boolean;
  start?: KeepChoice;
}) {
  const [keep, setKeep] = useState<KeepChoice>(start);
  return <KeepChoiceGroup keep={keep} hasSelection={hasSelection} article={article} onChange={setKeep} />;
}

describe('the "Keep" radio group', () => {
  it('offers the link and the article, and the selection only while text is selected', () => {
    const { rerender } = render(<Keep article={{ kind: 'idle' }} />);
    const group = screen.getByRole('group', { name: 'Keep' });
    expect(group).toBeInTheDocument();
    expect(screen.getAllByRole('radio').map((radio) => radio.closest('label')?.textContent)).toEqual([
      'Link only',
      'Article',
    ]);
    rerender(<Keep article={{ kind: 'idle' }} hasSelection />);
    expect(screen.getByRole('radio', { name: 'Selection' })).toBeInTheDocument();
  });

  it('is driven by the keyboard: arrows move the choice', async () => {
    const user = userEvent.setup();
    render(<Keep article={{ kind: 'idle' }} hasSelection />);
    await user.click(screen.getByRole('radio', { name: 'Link only' }));
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('radio', { name: 'Article' })).toBeChecked();
  });

  it("says the article's length once it is read, and that it is being read before", () => {
    const { rerender } = render(<Keep start="article" article={{ kind: 'reading' }} />);
    expect(screen.getByRole('group', { name: 'Keep' })).toHaveAccessibleDescription('Reading the article…');
    rerender(
      <Keep
        start="article"
        article={{ kind: 'article', markdown: 'Text', characters: 12_345, words: 2_400, findings }}
      />,
    );
    expect(screen.getByRole('group', { name: 'Keep' })).toHaveAccessibleDescription(
      '2,400 words, about 11 min to read (12,345 characters)',
    );
  });

  it('cannot keep the article of a page without one, and says why', () => {
    render(<Keep article={{ kind: 'no-article' }} />);
    expect(screen.getByRole('radio', { name: 'Article' })).toBeDisabled();
    expect(screen.getByRole('group', { name: 'Keep' })).toHaveAccessibleDescription(
      'No article found on this page: the link and notes are kept.',
    );
  });

  it('says how large an article too large to clip is', () => {
    render(<Keep start="article" article={{ kind: 'too-large', oversizedBytes: 7_500_000 }} />);
    expect(screen.getByRole('radio', { name: 'Article' })).toBeEnabled();
    expect(screen.getByRole('group', { name: 'Keep' })).toHaveAccessibleDescription(
      'The article is 7.5 MB; at most 5 MB can be clipped. Keep the link only, or select the part you need.',
    );
  });
});

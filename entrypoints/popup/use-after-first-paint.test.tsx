import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAfterFirstPaint } from './use-after-first-paint';

describe('useAfterFirstPaint', () => {
  it('leaves out what is below in the first render and shows it in the next, once', () => {
    const seen: boolean[] = [];
    function Form() {
      const belowShown = useAfterFirstPaint();
      seen.push(belowShown);
      return (
        <form>
          <button type="submit">Save page</button>
          {belowShown && <p>Properties</p>}
        </form>
      );
    }
    render(<Form />);
    expect(seen).toEqual([false, true]);
    expect(screen.getByText('Properties')).toBeTruthy();
  });
});

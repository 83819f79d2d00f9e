import { useEffect } from 'react';

/** Controls a person types in: Escape there is a reflex to leave the box, not to throw the draft away. */
function isTextBox(target: EventTarget | null): target is HTMLElement {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement) return true;
  return (
    target instanceof HTMLInputElement &&
    !['button', 'checkbox', 'radio', 'submit', 'reset', 'file', 'range', 'color', 'image'].includes(target.type)
  );
}

/**
 * Escape closes the popup; in a text box the first Escape only leaves the box, and the next one
 * closes. An open combobox takes its own Escape first (it prevents the default).
 */
export function useEscapeToClose(close: () => void = () => window.close()): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      if (isTextBox(event.target)) event.target.blur();
      else close();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [close]);
}

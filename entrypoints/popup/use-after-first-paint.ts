import { useEffect, useState } from 'react';

/**
 * False in the first render, true from the next one on. The popup paints what a person opened it
 * for first (the title, tags, notes and the buttons); what is below them (properties, "Add to an
 * object", the outbox) follows a frame later instead of holding up that first paint.
 */
export function useAfterFirstPaint(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => setPainted(true), []);
  return painted;
}

import { useEffect, useRef, useState } from 'react';

/**
 * After a save was refused for a wrong field, the first such field takes the focus, once it is
 * shown (the properties may only open in that same render).
 */
export function useFocusFirstInvalid() {
  const formRef = useRef<HTMLFormElement>(null);
  const [asked, setAsked] = useState(0);
  useEffect(() => {
    if (asked > 0) formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [asked]);
  return { formRef, focusFirstInvalid: () => setAsked((count) => count + 1) };
}

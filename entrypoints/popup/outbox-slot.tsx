import { type ComponentProps, lazy, Suspense } from 'react';

/**
 * The outbox and the history in a chunk of their own: they are shown after the first paint
 * (use-after-first-paint.ts), so the first paint neither waits for nor loads them.
 */
const OutboxPanel = lazy(() => import('./outbox-panel').then((module) => ({ default: module.OutboxPanel })));

export function OutboxSlot(props: ComponentProps<typeof OutboxPanel>) {
  return (
    <Suspense fallback={null}>
      <OutboxPanel {...props} />
    </Suspense>
  );
}

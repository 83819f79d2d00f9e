import { type ComponentProps, lazy, Suspense } from 'react';

export type { CaptureChoice } from './capture-choice';

// Capture rules and suggested tags come after the first paint, in a chunk of their own.
const CaptureSection = lazy(() => import('./capture/capture-section'));

/** The capture rules' part of the form (entrypoints/popup/capture/), loaded once it is shown. */
export function CaptureSlot(props: ComponentProps<typeof CaptureSection>) {
  return (
    <Suspense fallback={null}>
      <CaptureSection {...props} />
    </Suspense>
  );
}

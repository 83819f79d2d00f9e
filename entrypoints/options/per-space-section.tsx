import { Fragment, type ReactNode, useState } from 'react';
import { SpaceSwitcher } from '@/components/space-switcher';
import type { ConnectionsView, ConnectionView } from '@/lib/messaging';

/**
 * An options section kept per connected space (the clip template, the capture rules): its heading
 * and intro, a space switcher that starts on the default space, and the chosen space's part. The
 * part is keyed by space, so nothing typed for one space carries over to another's types.
 */
export function PerSpaceSection({
  view,
  headingId,
  heading,
  intro,
  children,
}: {
  view: ConnectionsView;
  headingId: string;
  heading: string;
  intro: string;
  children(space: ConnectionView): ReactNode;
}) {
  const [chosenSpaceId, setChosenSpaceId] = useState<string | null>(null);
  const { connections, settings } = view;
  const space =
    connections.find(({ spaceId }) => spaceId === chosenSpaceId) ??
    connections.find(({ spaceId }) => spaceId === settings.defaultSpaceId) ??
    connections[0];
  if (!space) return null;
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <p className="field-hint">{intro}</p>
      <SpaceSwitcher
        spaces={connections.map(({ spaceId, spaceTitle, state }) => ({ id: spaceId, title: spaceTitle, state }))}
        value={space.spaceId}
        onChange={setChosenSpaceId}
      />
      <Fragment key={space.spaceId}>{children(space)}</Fragment>
    </section>
  );
}

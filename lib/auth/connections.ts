import { trustedClipSettings } from '../choices';
import { type Connection, type ConnectionState, connectionsItem } from '../storage';

/**
 * The connected spaces, oldest first. A copy: the storage item hands out its shared fallback
 * array when nothing is stored, which must never be mutated.
 */
export async function listConnections(): Promise<Connection[]> {
  return (await connectionsItem.getValue()).map((connection) => ({ ...connection }));
}

export async function getConnection(spaceId: string): Promise<Connection | undefined> {
  return (await listConnections()).find((connection) => connection.spaceId === spaceId);
}

/**
 * Adds the connection, or replaces the one for the same space (signing in again, or switching
 * from a personal token to OAuth). The first connection becomes the default space.
 */
export async function saveConnection(connection: Connection): Promise<void> {
  const connections = await listConnections();
  const index = connections.findIndex((existing) => existing.spaceId === connection.spaceId);
  if (index === -1) connections.push(connection);
  else connections[index] = connection;
  await connectionsItem.setValue(connections);
  const settings = await trustedClipSettings.getValue();
  if (settings.defaultSpaceId === null || !connections.some((c) => c.spaceId === settings.defaultSpaceId)) {
    await trustedClipSettings.setValue({ ...settings, defaultSpaceId: connection.spaceId });
  }
}

export async function setConnectionState(spaceId: string, state: ConnectionState): Promise<void> {
  const connections = await listConnections();
  const connection = connections.find((existing) => existing.spaceId === spaceId);
  if (!connection || connection.state === state) return;
  connection.state = state;
  await connectionsItem.setValue(connections);
}

/** Forgets the connection; the default moves to the next connected space, if any. */
export async function removeConnection(spaceId: string): Promise<void> {
  const connections = (await listConnections()).filter((connection) => connection.spaceId !== spaceId);
  await connectionsItem.setValue(connections);
  const settings = await trustedClipSettings.getValue();
  if (settings.defaultSpaceId === spaceId) {
    await trustedClipSettings.setValue({ ...settings, defaultSpaceId: connections[0]?.spaceId ?? null });
  }
}

/**
 * Real clips in the outbox for the screenshots to show: clips waiting while the emulator drops
 * every upload, and a clip refused for good. The emulator's fault rules (`/__emulator/faults`) make
 * the service unreachable and reachable again.
 */
import type { WeblinkRequest } from '../lib/messaging.ts';
import type { Driver } from '../tests/e2e/driver/driver.ts';
import { DEMO, DEMO_TOKENS } from '../tests/emulator/seed.ts';
import type { RunningEmulator } from '../tests/emulator/server.ts';
import { until } from './poll-until.ts';

/** Clips that wait in the outbox while the service cannot be reached. */
export const WAITING_CLIPS: WeblinkRequest[] = [
  {
    kind: 'page',
    url: 'https://www.example.org/kitchen/why-rye-wakes-a-starter',
    title: 'Why rye flour wakes a sleepy starter',
    tags: [{ kind: 'existing', id: DEMO.tags.cooking, title: 'Cooking' }],
    properties: {},
    notes: '',
    existingObjectIds: [],
  },
  {
    kind: 'link',
    url: 'https://www.example.com/guides/dutch-oven-baking',
    title: 'Baking in a Dutch oven: a field guide',
    tags: [],
    properties: {},
    notes: '',
    existingObjectIds: [],
  },
];

/** A clip whose tag is deleted while it waits (`queueRefusedClip`). */
export const REFUSED_CLIP: WeblinkRequest = {
  kind: 'page',
  url: 'https://www.example.net/travel/bread-of-the-alps',
  title: 'Bread of the Alps',
  tags: [{ kind: 'existing', id: DEMO.tags.travel, title: 'Travel' }],
  properties: {},
  notes: '',
  existingObjectIds: [],
};

async function emulatorFaults(emulator: RunningEmulator, method: 'POST' | 'DELETE', rule?: object): Promise<void> {
  const answer = await fetch(`${emulator.url}/__emulator/faults`, {
    method,
    headers: { 'content-type': 'application/json' },
    ...(rule ? { body: JSON.stringify(rule) } : {}),
  });
  if (!answer.ok) throw new Error(`the emulator refused the fault rule: ${answer.status} ${await answer.text()}`);
}

/** The service unreachable for clips: the emulator drops every upload before answering. */
export function dropUploads(emulator: RunningEmulator): Promise<void> {
  return emulatorFaults(emulator, 'POST', { path: '/object/url', drop: 'before' });
}

function clearFaults(emulator: RunningEmulator): Promise<void> {
  return emulatorFaults(emulator, 'DELETE');
}

/** Queues WAITING_CLIPS while the service cannot be reached, and waits until the outbox lists them. */
export async function queueWaitingClips(emulator: RunningEmulator, driver: Driver): Promise<void> {
  await dropUploads(emulator);
  for (const clip of WAITING_CLIPS) await driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip });
  await until(
    async () => (await driver.sendToBackground('getOutbox')).clips.length === WAITING_CLIPS.length,
    'the outbox does not list the waiting clips',
  );
}

/**
 * REFUSED_CLIP, refused for good because its tag was deleted while it waited (as the e2e flow
 * "a clip made invalid on the server" does it): the outbox offers to remove the tag and retry.
 */
export async function queueRefusedClip(emulator: RunningEmulator, driver: Driver): Promise<void> {
  await dropUploads(emulator);
  await driver.sendToBackground('saveClip', { spaceId: DEMO.spaceId, clip: REFUSED_CLIP });
  const deleted = await fetch(`${emulator.url}/object?id=${DEMO.tags.travel}&hardDelete=true`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${DEMO_TOKENS.demo}` },
  });
  if (!deleted.ok) throw new Error(`the emulator did not delete the tag Travel: ${deleted.status}`);
  await clearFaults(emulator);
  const [clip] = (await driver.sendToBackground('getOutbox')).clips;
  if (!clip) throw new Error('the refused clip is not in the outbox');
  await driver.sendToBackground('retryClip', { id: clip.id });
  await until(
    async () => (await driver.sendToBackground('getOutbox')).clips[0]?.state === 'failed',
    'the clip with a deleted tag was not refused',
  );
}

/** Service back, outbox empty: the next scene starts clean. */
export async function clearWaitingClips(emulator: RunningEmulator, driver: Driver): Promise<void> {
  for (const clip of (await driver.sendToBackground('getOutbox')).clips) {
    await driver.sendToBackground('discardClip', { id: clip.id });
  }
  await clearFaults(emulator);
}

import type { z } from 'zod/mini';
import { taggedUnion } from '../api/schemas/lean-kinds';
import { append } from './append';
import { dailyNote } from './daily-note';
import { highlight } from './highlight';
import { highlightChange } from './highlight-change';
import { highlightRemove } from './highlight-remove';
import type { AnyClipKind } from './kind';
import { typedObject } from './object';
import { restore } from './restore';
import type { StoredClipOf } from './stored-clip';
import { trash } from './trash';
import { update } from './update';
import { weblink } from './weblink';

/**
 * Every clip kind, each one module (lib/clips/<kind>.ts). The outbox, the background's handlers
 * and the message protocol find a clip's kind here, by its name; nothing else branches on it.
 * Adding a kind is adding its module and one line in this list.
 */
const KINDS = [
  weblink,
  dailyNote,
  append,
  update,
  trash,
  restore,
  highlight,
  highlightChange,
  highlightRemove,
  typedObject,
] as const;

/** A clip as a page asks the background to make it. */
export type ClipRequest = Parameters<(typeof KINDS)[number]['toPayload']>[0];
/** A clip as the outbox keeps it. */
export type ClipPayload = Awaited<ReturnType<(typeof KINDS)[number]['toPayload']>>;
export type ClipKindName = ClipPayload['kind'];
export type StoredClip = StoredClipOf<ClipPayload>;

type RequestSchema = (typeof KINDS)[number]['requests'][number];

/** The requests of every kind, for the message protocol (lib/message-schemas.ts). */
export const clipRequestSchema: z.ZodMiniType<ClipRequest> = taggedUnion(
  'kind',
  KINDS.flatMap((kind): readonly RequestSchema[] => kind.requests) as [RequestSchema, ...RequestSchema[]],
);

const byName = new Map<string, AnyClipKind>(KINDS.flatMap((kind) => kind.names.map((name) => [name, kind])));

/** Whether a clip of this kind can be delivered by this build. */
export function isClipKind(name: unknown): name is ClipKindName {
  return typeof name === 'string' && byName.has(name);
}

/** The module of a clip's kind. Throws for a name no kind has (a clip written by a newer version). */
export function kindOf(name: string): AnyClipKind {
  const kind = byName.get(name);
  if (!kind) throw new Error(`no clip kind "${name}"`);
  return kind;
}

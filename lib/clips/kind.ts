import type { z } from 'zod/mini';
import type { WorkspaceApi } from '../api';
import type { MessageKey } from '../i18n';
import type { TagRef } from './clip-fields';
import type { DeliveryStep, StoredClipOf } from './stored-clip';

/**
 * What a clip kind is: everything that differs between a weblink, a daily-note append, an append
 * to an object, an update, a move to the trash and back (and each highlight operation). One module
 * per kind (lib/clips/<kind>.ts) implements this, and lib/clips/registry.ts lists them: the outbox,
 * the background's handlers and the pages look a kind up there and never branch on its name.
 */

/** What sending a step may ask of the outbox. */
export interface SendHooks {
  /** Runs `task` alone among the tasks of the same key (so two clips never both create a tag). */
  exclusive<T>(key: string, task: () => Promise<T>): Promise<T>;
}

/** What looking for a lost step on the server may ask of the outbox. */
export interface LostStepContext {
  /** When the lost request started: a weblink created well before it is not its result. */
  startedAt: number;
  /** Ids of objects other clips created (waiting or landed), never taken as this clip's result. */
  otherResults(): Promise<ReadonlySet<string>>;
  /** The weblink type's URL property in the clip's space, when known (found by type). */
  urlPropertyId(): Promise<string | undefined>;
}

/**
 * One kind of request a clip may need, as a block a kind composes its delivery from (tags, a
 * weblink's create and completion, Markdown parts, an object's changes): which step is next, how
 * it is sent, how its lost answer is found again, and what its result changes in the progress.
 */
export interface StepBlock<P, S extends DeliveryStep = DeliveryStep, R = unknown> {
  /** The `kind` of the steps this block sends; unique within a clip kind. */
  readonly step: S['kind'];
  /** This block's next step for the clip, or null when its part is done. */
  next(stored: StoredClipOf<P>): S | null;
  send(api: WorkspaceApi, stored: StoredClipOf<P>, step: S, hooks: SendHooks): Promise<R>;
  /**
   * The result of a step whose answer was lost, found on the server, or undefined when it did not
   * land (it is sent again). Absent for a step that only sets values: it is simply sent again.
   */
  lookUp?(api: WorkspaceApi, stored: StoredClipOf<P>, step: S, context: LostStepContext): Promise<R | undefined>;
  /** Writes what the step established into the clip's progress (the outbox persists it). */
  record(stored: StoredClipOf<P>, step: S, result: R): void;
  /** Every `METHOD /path` sending the step may call; when `reconciling`, the lookup's too. */
  endpoints(stored: StoredClipOf<P>, step: S, reconciling: boolean): readonly string[];
  /** How long after its answer was lost the step may be looked for (ms). */
  readonly settleMs: number;
  /** The step as the clip's events name it. */
  describe(step: S): string;
}

/** How a landed clip shows in the person's history (entrypoints/background/saved-pages.ts). */
export type HistoryRole =
  /** Made an object that can be taken back to the trash for a while (a weblink). */
  | 'saved'
  /** Added to an object; the API cannot take it back. */
  | 'added'
  /** Changed an object clipped earlier: not a row of its own. */
  | 'changed'
  /** Moved its object to the trash, or back: decides the state of the object's row. */
  | 'trashed'
  | 'restored';

/** What a kind's `toPayload` may read besides the request. */
export interface PayloadContext {
  now: Date;
  /** Whether the person wants the service's timestamp heading on daily-note appends. */
  dailyNoteTimestamp(): Promise<boolean>;
}

/** A block as a kind lists it: the types of its own steps and results forgotten. */
// biome-ignore lint/suspicious/noExplicitAny: a kind lists blocks of different steps; each block is typed in itself.
export type AnyStepBlock<P> = StepBlock<P, any, any>;

/** What a weblink clip used, for the next popup to start from (remembered by the background). */
export interface RememberedChoices {
  /** The page's address: its Keep choice is remembered per site. */
  url: string;
  keep: 'link' | 'article' | 'selection' | undefined;
  collectionId: string | null;
  tags: TagRef[];
}

export interface ClipKind<Name extends string, Request extends { kind: Name }, Payload extends { kind: Name }> {
  /** The `kind` values of its clips (a weblink is a saved page or a saved link). */
  readonly names: readonly Name[];
  /** What a page sends to make one: each a member of the message protocol's union. */
  readonly requests: readonly (z.ZodMiniType<Request> & z.core.$ZodTypeDiscriminable)[];
  /** The request as the outbox keeps it: Markdown in parts, defaults filled in; throws when too large. */
  toPayload(request: Request, context: PayloadContext): Payload | Promise<Payload>;
  /** Its delivery, in order: the first block with a next step sends it. */
  readonly steps: readonly AnyStepBlock<Payload>[];
  /** Clips of the same target are delivered one at a time, in the order they were made. */
  target(stored: StoredClipOf<Payload>): string;
  /** A one-line name in the outbox list, the history and notifications. */
  title(clip: Payload): string;
  /** The page the clip came from. */
  sourceUrl(clip: Payload): string;
  /** The object the clip acts on from the start (an append's, an update's), else null. */
  objectId(clip: Payload): string | null;
  readonly history: HistoryRole;
  readonly texts: {
    /** The kind in the outbox list. */
    label(clip: Payload): MessageKey;
    /** The heading of the notification once it landed. */
    landed: MessageKey;
  };
  /** Its tags, for the outbox list's "Remove tag … and retry" (kinds that tag). */
  tags?(clip: Payload): TagRef[];
  /** Drops tags the server refused: by id, or a new tag by its title or the id it was given. */
  dropTags?(stored: StoredClipOf<Payload>, drop: ReadonlySet<string>): void;
  /** What the next popup starts from (kinds a person composes in the popup). */
  remembered?(clip: Payload): RememberedChoices;
}

/** A kind as the registry holds it: the types of its own clips forgotten. */
// biome-ignore lint/suspicious/noExplicitAny: the registry holds kinds of every payload; each module is typed in itself.
export type AnyClipKind = ClipKind<string, any, any>;

/** Writes a kind's module with its types checked against each other. */
export function defineClipKind<Name extends string, Request extends { kind: Name }, Payload extends { kind: Name }>(
  kind: ClipKind<Name, Request, Payload>,
): ClipKind<Name, Request, Payload> {
  return kind;
}

/** Writes a step block with its types checked against each other. */
export function defineStepBlock<P, S extends DeliveryStep, R>(block: StepBlock<P, S, R>): StepBlock<P, S, R> {
  return block;
}

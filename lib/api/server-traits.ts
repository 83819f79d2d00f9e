import type { BlockForm } from './schemas/blocks';

/**
 * What the client learned about a server where the spec and the published reference differ (see
 * tests/emulator/README.md, decisions table, and the README's "Which server"). Each trait is
 * learned from an answer that proves it, and remembered per base URL so later requests go straight
 * to the form that works.
 */
export interface ServerTraits {
  /**
   * Where Markdown is appended to an object: the route both documents share (`/blocks/append` with
   * `markdown`, the published form) or the spec's own (`/blocks/markdown/append`).
   */
  markdownAppendRoute?: '/blocks/append' | '/blocks/markdown/append';
  /**
   * Whether `POST /object/url` takes tags, typed properties and collections (`full`) or refuses
   * them (`minimal`: only title and description, the rest follows with `PATCH /object`).
   */
  weblinkCreate?: 'full' | 'minimal';
  /**
   * How blocks are appended, replaced and deleted: the published reference's forms (object `id` in
   * the body, `DELETE /block`; a TextBlock may carry a `highlight`) or the spec emulator's
   * (`objectId`, the block id in PATCH's query, `POST /blocks/delete`; no highlight field).
   */
  blockForm?: BlockForm;
  /** Whether a trashed object can be restored (`PATCH /object` with `deleteRequested: false`). */
  restore?: boolean;
}

export interface ServerTraitsStore {
  get(baseUrl: string): ServerTraits;
  learn(baseUrl: string, traits: ServerTraits): void;
}

/** Traits kept for the life of this JavaScript context (the background persists its own). */
export function createMemoryTraits(onChange?: (all: Record<string, ServerTraits>) => void): ServerTraitsStore & {
  load(all: Record<string, ServerTraits>): void;
} {
  const known = new Map<string, ServerTraits>();
  return {
    get: (baseUrl) => ({ ...known.get(baseUrl) }),
    learn(baseUrl, traits) {
      const current = known.get(baseUrl) ?? {};
      const next = { ...current, ...traits };
      if (Object.entries(traits).every(([key, value]) => current[key as keyof ServerTraits] === value)) return;
      known.set(baseUrl, next);
      onChange?.(Object.fromEntries(known));
    },
    load(all) {
      for (const [baseUrl, traits] of Object.entries(all)) known.set(baseUrl, { ...traits, ...known.get(baseUrl) });
    },
  };
}

/** The default: one memory per JavaScript context, shared by every client made in it. */
export const sharedTraits = createMemoryTraits();

import { titleValue, type WorkspaceApi } from '../../api';
import { defineStepBlock } from '../kind';
import { LOST_REQUEST_SETTLE_MS, sameTitle } from '../lost-answers';
import { type StoredClipOf, titleKey } from '../stored-clip';

/**
 * The objects a clip links to that the person chose to create ("Create Person “Jane Doe”"), each
 * found or created before the object that links to them. Never a second one: each is searched for
 * by title right before it is created, one clip at a time per title and type, so a name twice on
 * a page, two clips racing and a lost answer all end on the same object. The popup matched the
 * names (diacritics, "Last, First": lib/capture/person-names.ts) and sends each as "First Last";
 * here titles compare as tags do (case, spacing), which keeps name folding out of the background.
 */

/** An object to link to: one the space has, or one to create by title. */
export type LinkItem = { id: string } | { structureId: string; title: string };

/** One entity property's links, in the page's order. */
export interface ClipLink {
  propertyId: string;
  items: LinkItem[];
}

type Linking = { links: ClipLink[] };

export interface LinkedObjectStep {
  kind: 'find-or-create-linked';
  structureId: string;
  title: string;
}

const keyOf = (structureId: string, title: string) => `${structureId} ${titleKey(title)}`;

/** The id found or created for an object to create, by its type and name. */
function resolvedId(stored: StoredClipOf<Linking>, structureId: string, title: string): string | undefined {
  const ids = stored.progress.linkedIds ?? {};
  const key = keyOf(structureId, title);
  return Object.hasOwn(ids, key) ? ids[key] : undefined;
}

/** Each property's linked ids, in order, each once; null while an object to create is not there yet. */
export function linkedIdsOf(stored: StoredClipOf<Linking>): Record<string, string[]> | null {
  const values: Record<string, string[]> = {};
  for (const link of stored.clip.links) {
    const ids: string[] = [];
    for (const item of link.items) {
      const id = 'id' in item ? item.id : resolvedId(stored, item.structureId, item.title);
      if (id === undefined) return null;
      if (!ids.includes(id)) ids.push(id);
    }
    values[link.propertyId] = ids;
  }
  return values;
}

async function findLinked(api: WorkspaceApi, step: LinkedObjectStep): Promise<string | undefined> {
  const results = await api.search({ query: step.title.trim(), structureIds: [step.structureId] });
  return results.find((result) => result.structureId === step.structureId && sameTitle(result.title, step.title))?.id;
}

export const linkedObjectsBlock = defineStepBlock<Linking, LinkedObjectStep, string>({
  step: 'find-or-create-linked',
  next(stored) {
    for (const link of stored.clip.links) {
      for (const item of link.items) {
        if ('id' in item || resolvedId(stored, item.structureId, item.title) !== undefined) continue;
        return { kind: 'find-or-create-linked', structureId: item.structureId, title: item.title };
      }
    }
    return null;
  },
  send(api, stored, step, hooks) {
    return hooks.exclusive(`linked ${stored.spaceId} ${keyOf(step.structureId, step.title)}`, async () => {
      const existing = await findLinked(api, step);
      if (existing !== undefined) return existing;
      const created = await api.createObject({
        structureId: step.structureId,
        properties: { title: titleValue(step.title.trim()) },
      });
      return created.id;
    });
  },
  lookUp: (api, _stored, step) => findLinked(api, step),
  record(stored, step, id) {
    stored.progress.linkedIds = { ...stored.progress.linkedIds, [keyOf(step.structureId, step.title)]: id };
  },
  endpoints: () => ['POST /objects/search', 'POST /object'],
  settleMs: LOST_REQUEST_SETTLE_MS,
  describe: (step) => `linked "${step.title}"`,
});

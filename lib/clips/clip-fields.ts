import { z } from 'zod/mini';
import { taggedUnion } from '../api/schemas/lean-kinds';

/** The fields clip requests share, as zod schemas (each kind's request is built from them). */

export const text = (max: number) => z.string().check(z.maxLength(max));
export const id = () => z.string().check(z.minLength(1), z.maxLength(200));

/** Where a clip came from, for the quote's source line and the person's history. */
export const clipSourceSchema = z.strictObject({ url: text(8_000), title: text(2_000) });
export type ClipSource = z.infer<typeof clipSourceSchema>;

/** A tag of a clip: one the space has, or one to create (found by title first). */
export const tagRefSchema = taggedUnion('kind', [
  z.strictObject({ kind: z.literal('existing'), id: id(), title: text(1_000) }),
  z.strictObject({ kind: z.literal('new'), title: z.string().check(z.minLength(1), z.maxLength(1_000)) }),
]);
export type TagRef = z.infer<typeof tagRefSchema>;
export const tagListSchema = z.array(tagRefSchema).check(z.maxLength(200));

/** What a weblink keeps as its body: the link and notes only, the page's article, or the selection. */
export const keepChoiceSchema = z.literal(['link', 'article', 'selection']);
export type KeepChoice = z.infer<typeof keepChoiceSchema>;

/** What an action on an object clipped earlier names: the object, and the page it came from. */
export const clippedObjectFields = { objectId: id(), objectTitle: text(2_000), source: clipSourceSchema };

import type { ObjectRequest } from '@/lib/clips/object';
import type { FieldDefinition } from '@/lib/fields/field-definition';
import type { FieldValue } from '@/lib/fields/field-value';
import type { TagRef } from '@/lib/messaging';

/**
 * What the capture rules (entrypoints/popup/capture/, loaded after the first paint) hand the
 * form's save: a type of its own only; so the form's first paint imports nothing of them.
 */
export interface CaptureChoice {
  /** The clip of a rule that saves a typed object, from what the form holds now; null: a weblink. */
  objectRequest(form: {
    url: string;
    title: string;
    tags: TagRef[];
    notes: string;
    values: Record<string, FieldValue>;
  }): ObjectRequest | null;
  /** The fields "Properties" shows for a rule's typed object; null: the weblink's own. */
  definitions: FieldDefinition[] | null;
  /** The tags with every new one that names an existing tag of the space replaced by it. */
  tags(tags: TagRef[]): TagRef[];
}

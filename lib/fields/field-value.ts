/**
 * A property's value as this client holds it, one shape wherever it comes from: what a person
 * enters in the popup's form, what the options page sets as a clip template's fixed value, and
 * what a page gives a property the template fills from it (lib/clip/page-fields.ts). It becomes
 * one of the API's own values (lib/api/schemas/property-values.ts) only when a clip is sent
 * (field-payload.ts), and is made from them for the edit view (server-values.ts).
 *
 * Raw entry or checked value: the shape keeps the entry as the control gives it (a number as its
 * text, an address untrimmed, a date as the input writes it), so a mistake can be shown back and
 * explained. Whether a value can be sent is one function (`fieldValueProblem`,
 * field-validation.ts): it runs on the person's entry before a save, on a fixed value before the
 * template is stored, and on a value read from a page before it fills a field.
 *
 * Only stored formats have schemas: a clip template keeps its fixed values in a form of its own,
 * checked by `clipTemplateSchema` and converted to and from this shape in one place
 * (lib/clip/stored-fixed-value.ts); nothing parses a field value from outside.
 */

/** A linked object. One not found yet (a name to find or create) would be a further kind of item. */
export type LinkedObject = { id: string; title: string };

export type FieldValue =
  | { type: 'text'; text: string }
  /** As typed: `parseFieldNumber` reads it. */
  | { type: 'number'; raw: string }
  | { type: 'boolean'; checked: boolean }
  /** As typed; sent trimmed. */
  | { type: 'url'; url: string }
  /**
   * `YYYY-MM-DD` for a day; for a date and time, the local `YYYY-MM-DDThh:mm` the input gives, or
   * the instant a page named, in UTC, which is sent as it is (date-entry.ts). '' when unset.
   */
  | { type: 'date'; value: string }
  /** The chosen options of the property's label set, by id. */
  | { type: 'label'; ids: string[] }
  | { type: 'entity'; items: LinkedObject[] };

export type FieldValueType = FieldValue['type'];

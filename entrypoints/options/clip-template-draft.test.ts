import { describe, expect, it } from 'vitest';
import {
  MAX_FIXED_TEXT,
  MAX_FIXED_URL,
  MAX_NOTES_TEMPLATE,
  MAX_TEMPLATE_MAPPINGS,
} from '@/lib/clip/clip-template-limits';
import type { FieldDefinition } from '@/lib/fields/field-definition';
import { clipTemplateSchema } from '@/lib/message-schemas';
import type { ClipTemplate } from '@/lib/messaging';
import { definitions } from '@/tests/support/field-definitions';
import { checkTemplate, draftFromTemplate, type MappingDraft, type TemplateDraft } from './clip-template-draft';

const longUrl = (length: number) => `https://example.com/${'a'.repeat(length - 'https://example.com/'.length)}`;

function draft(mappings: Record<string, MappingDraft>, notesTemplate = ''): TemplateDraft {
  return { mappings, notesTemplate };
}

/** The same draft checked here and its template parsed by the background's schema. */
function bothAccept(value: TemplateDraft, fields: readonly FieldDefinition[] = definitions) {
  const check = checkTemplate(value, fields);
  return { here: check.ok, schema: check.ok && clipTemplateSchema.safeParse(check.template).success };
}

describe("the draft's checks and the background's schema agree on the limits", () => {
  it.each([
    [
      'a fixed text',
      (n: number) => draft({ summary: { source: 'fixed', fixed: { type: 'text', text: 'x'.repeat(n) } } }),
      MAX_FIXED_TEXT,
    ],
    [
      'a fixed address',
      (n: number) => draft({ source: { source: 'fixed', fixed: { type: 'url', url: longUrl(n) } } }),
      MAX_FIXED_URL,
    ],
    ['the notes template', (n: number) => draft({}, '{'.repeat(n)), MAX_NOTES_TEMPLATE],
  ])('%s at its limit is accepted by both', (_what, make, limit) => {
    expect(bothAccept(make(limit))).toEqual({ here: true, schema: true });
  });

  it.each([
    [
      'a fixed text',
      {
        fieldMappings: [
          {
            propertyId: 'summary',
            source: 'fixed',
            value: { type: 'text', text: 'x'.repeat(MAX_FIXED_TEXT + 1) },
          },
        ],
        notesTemplate: '',
      },
      draft({
        summary: { source: 'fixed', fixed: { type: 'text', text: 'x'.repeat(MAX_FIXED_TEXT + 1) } },
      }),
    ],
    [
      'a fixed address',
      {
        fieldMappings: [
          {
            propertyId: 'source',
            source: 'fixed',
            value: { type: 'url', url: longUrl(MAX_FIXED_URL + 1) },
          },
        ],
        notesTemplate: '',
      },
      draft({ source: { source: 'fixed', fixed: { type: 'url', url: longUrl(MAX_FIXED_URL + 1) } } }),
    ],
    [
      'the notes template',
      { fieldMappings: [], notesTemplate: '{'.repeat(MAX_NOTES_TEMPLATE + 1) },
      draft({}, '{'.repeat(MAX_NOTES_TEMPLATE + 1)),
    ],
  ] satisfies [string, ClipTemplate, TemplateDraft][])(
    '%s one over its limit is refused by both',
    (_what, template, value) => {
      expect(clipTemplateSchema.safeParse(template).success).toBe(false);
      expect(checkTemplate(value, definitions).ok).toBe(false);
    },
  );

  it('refuses more mappings than the schema takes, and accepts as many', () => {
    const many = (count: number) =>
      Array.from(
        { length: count },
        (_, index): FieldDefinition => ({ id: `p${index}`, name: `P${index}`, type: 'text', writable: true }),
      );
    const mappedToAuthor = (fields: FieldDefinition[]) =>
      draft(Object.fromEntries(fields.map(({ id }): [string, MappingDraft] => [id, { source: 'author' }])));
    const atLimit = many(MAX_TEMPLATE_MAPPINGS);
    expect(bothAccept(mappedToAuthor(atLimit), atLimit)).toEqual({ here: true, schema: true });
    const over = many(MAX_TEMPLATE_MAPPINGS + 1);
    const check = checkTemplate(mappedToAuthor(over), over);
    expect(check.ok ? null : check.errors.template).toBe(
      'At most 100 properties can be filled from the page. Set some to “Nothing”.',
    );
    expect(
      clipTemplateSchema.safeParse({
        fieldMappings: over.map(({ id }) => ({ propertyId: id, source: 'author' })),
        notesTemplate: '',
      }).success,
    ).toBe(false);
  });
});

describe('a stored template read back', () => {
  it('gives back the same template when the weblink type is unchanged', () => {
    const template: ClipTemplate = {
      fieldMappings: [
        { propertyId: 'summary', source: 'fixed', value: { type: 'text', text: 'From the web' } },
        { propertyId: 'rating', source: 'fixed', value: { type: 'number', number: -0.25 } },
        { propertyId: 'read', source: 'fixed', value: { type: 'boolean', value: false } },
        { propertyId: 'source', source: 'canonicalUrl' },
        { propertyId: 'remind', source: 'published' },
        { propertyId: 'priority', source: 'fixed', value: { type: 'label', optionId: 'low' } },
      ],
      notesTemplate: '{{title}}',
    };
    const { draft: read, gone } = draftFromTemplate(template, definitions);
    expect(gone).toEqual([]);
    expect(checkTemplate(read, definitions)).toEqual({ ok: true, template });
  });

  it('counts a fixed value of another type than the property has now as gone', () => {
    const mapping = { propertyId: 'rating', source: 'fixed', value: { type: 'text', text: 'five' } } as const;
    const { draft: read, gone } = draftFromTemplate({ fieldMappings: [mapping], notesTemplate: '' }, definitions);
    expect(gone).toEqual([{ mapping, definition: definitions.find(({ id }) => id === 'rating') }]);
    expect(read.mappings).toEqual({});
  });
});

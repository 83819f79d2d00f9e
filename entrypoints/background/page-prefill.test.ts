import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { dateValue, labelValue, textValue } from '@/lib/api/property-values';
import type { PrefillRequest } from '@/lib/clip/prefill-request';
import { prefillInPage } from './page-prefill';

/** The weblink type's mapped definitions: a date, a label and a text property. */
const REQUEST: PrefillRequest = {
  template: {
    fieldMappings: [
      { propertyId: 'read-on', source: 'published' },
      { propertyId: 'status', source: 'fixed', value: { type: 'label', optionId: 'reading' } },
      { propertyId: 'by', source: 'author' },
    ],
    notesTemplate: '',
  },
  definitions: [
    { id: 'read-on', type: 'date', writable: true, dateResolution: 'day' },
    { id: 'status', type: 'label', writable: true, labelSet: [{ id: 'reading', name: 'Reading' }] },
    { id: 'by', type: 'text', writable: true },
    { id: 'unmapped', type: 'text', writable: true },
  ],
  keep: 'link',
  page: { url: 'https://example.com/a', title: 'A', metadata: null, selection: null },
  now: 0,
};

/** The article script's answer, as a page that reaches into its world could make it. */
function articleAnswers(properties: Record<string, unknown>): void {
  fakeBrowser.scripting.executeScript = vi.fn(async ({ files }: { files?: string[] }) => [
    { frameId: 0, result: files ? { kind: 'prefill', properties, notes: 'Notes' } : undefined },
  ]) as unknown as typeof fakeBrowser.scripting.executeScript;
}

describe("a quick clip's fields from the page", () => {
  beforeEach(() => articleAnswers({}));

  it('keeps values of the mapped properties, each of its property’s type', async () => {
    const properties = {
      'read-on': dateValue({ start: '2026-03-14T00:00:00.000Z', resolution: 'day' }),
      status: labelValue([{ id: 'reading', name: 'Reading' }]),
      by: textValue('Ada'),
    };
    articleAnswers(properties);
    expect(await prefillInPage(7, REQUEST)).toEqual({ properties, notes: 'Notes' });
  });

  it('drops a value of another type than its property’s, and values of properties the template does not fill', async () => {
    articleAnswers({
      'read-on': textValue('https://tracker.example/?id=42'),
      status: textValue('planted'),
      by: dateValue({ start: '2026-03-14T00:00:00.000Z', resolution: 'day' }),
      unmapped: textValue('planted'),
    });
    expect(await prefillInPage(7, REQUEST)).toEqual({ properties: {}, notes: 'Notes' });
  });
});

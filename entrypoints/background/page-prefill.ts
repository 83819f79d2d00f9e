import { browser } from 'wxt/browser';
import { z } from 'zod/mini';
import { propertyValueInputSchema } from '@/lib/api/schemas/property-values';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';
import { PREFILL_REQUEST_KEY, type Prefill, type PrefillRequest } from '@/lib/clip/prefill-request';
import { ARTICLE_READER_SCRIPT } from './injected-scripts';

/**
 * A quick clip's template applied in the page, by the article script (entrypoints/article-reader/article-script.ts).
 * Its answer comes from a script that runs beside the page, so it is checked like any page data:
 * the shape, values only of the properties the template fills and each of its property's type, and
 * a cap on the body (the clip limit, and room for the rendered notes template before it).
 */
const MAX_PREFILL_NOTES = MAX_CLIP_BYTES + 100_000;

const prefillAnswerSchema = z.strictObject({
  kind: z.literal('prefill'),
  properties: z.record(z.string().check(z.maxLength(200)), propertyValueInputSchema),
  notes: z.string().check(z.maxLength(MAX_PREFILL_NOTES)),
});

/** Runs in the page's extension world before the article script: leaves it the request. */
function leaveRequest(key: string, request: PrefillRequest): void {
  (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(key)] = request;
}

/** The template applied to the tab's page; undefined where no script may run or the answer is not one it gives. */
export async function prefillInPage(tabId: number, request: PrefillRequest): Promise<Prefill | undefined> {
  try {
    await browser.scripting.executeScript({
      target: { tabId },
      func: leaveRequest,
      args: [PREFILL_REQUEST_KEY, request],
    });
    const [injection] = await browser.scripting.executeScript({
      target: { tabId },
      files: [ARTICLE_READER_SCRIPT],
    });
    const parsed = prefillAnswerSchema.safeParse(injection?.result);
    if (!parsed.success) return undefined;
    // Each value must be of its property's own type: a page cannot put text where a date or a label goes.
    const fillable = new Set(request.template.fieldMappings.map((mapping) => mapping.propertyId));
    const types = new Map(request.definitions.map((definition) => [definition.id, definition.type]));
    const properties = Object.fromEntries(
      Object.entries(parsed.data.properties).filter(([id, value]) => fillable.has(id) && types.get(id) === value.type),
    );
    return { properties, notes: parsed.data.notes };
  } catch {
    // No host access (no activeTab grant), a discarded tab, or a page the browser protects.
    return undefined;
  }
}

import type { Prefill, PrefillRequest } from '@/lib/clip/prefill-request';
import { runInPage, TEMPLATE_IN_PAGE } from './run-in-page';

/**
 * A quick clip's template applied in the page, by the article reader (entrypoints/article-reader/article-script.ts);
 * of its answer, only values of the properties the template fills, each of its property's own type:
 * a page cannot put text where a date or a label goes.
 */
export async function prefillInPage(tabId: number, request: PrefillRequest): Promise<Prefill | undefined> {
  const answer = await runInPage(tabId, TEMPLATE_IN_PAGE, request);
  if (!answer) return undefined;
  const fillable = new Set(request.template.fieldMappings.map((mapping) => mapping.propertyId));
  const types = new Map(request.definitions.map((definition) => [definition.id, definition.type]));
  const properties = Object.fromEntries(
    Object.entries(answer.properties).filter(([id, value]) => fillable.has(id) && types.get(id) === value.type),
  );
  return { properties, notes: answer.notes };
}

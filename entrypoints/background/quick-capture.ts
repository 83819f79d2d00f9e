import { nullableOf } from '@/lib/api/schemas/lean-kinds';
import { CAPTURE_READER_SCRIPT, CAPTURE_REQUEST_KEY } from '@/lib/capture/capture-reader-script';
import type { CaptureRequest } from '@/lib/capture/capture-script';
import { trustedCaptureRules } from '@/lib/choices';
import { type ClipRequest, clipRequestSchema } from '@/lib/clips/registry';
import type { PageView } from '@/lib/messaging';
import { type PageScript, runInPage } from './run-in-page';
import { structuresFor } from './space-structures';

/**
 * The capture script applying the space's first matching rule for a quick clip, answering with
 * the clip request itself (lib/capture/quick-clip.ts): checked with the clip requests' own schema,
 * so the rules' schema stays out of the background.
 */
const RULE_IN_PAGE: PageScript<ClipRequest | null, CaptureRequest> = {
  file: CAPTURE_READER_SCRIPT,
  answer: nullableOf(clipRequestSchema),
  requestKey: CAPTURE_REQUEST_KEY,
};

/** The clip the space's capture rules make of the page, or undefined when none matches (or none may run). */
export async function ruleClip(spaceId: string, tabId: number, page: PageView): Promise<ClipRequest | undefined> {
  const rules = (await trustedCaptureRules.getValue())[spaceId]?.rules ?? [];
  if (page.unreadable || !rules.some((rule) => rule.enabled)) return undefined;
  const structures = await structuresFor(spaceId).catch(() => null);
  const clip = await runInPage(tabId, RULE_IN_PAGE, {
    rules,
    space: structures ? { structures, tags: [] } : null,
    clip: { title: page.title, now: Date.now() },
    quick: true,
  });
  return clip ?? undefined;
}

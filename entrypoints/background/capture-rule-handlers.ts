import type { RulesFile } from '@/lib/capture/rules-schema';
import { RULES_FILE_VERSION } from '@/lib/capture/rules-version';
import { trustedCaptureRules } from '@/lib/choices';
import { asResult, handle } from './router';
import { structuresFor } from './space-structures';

/** Each space's capture rules, kept in the extension's database: the options page writes them, the popup reads them. */
export function registerCaptureRuleHandlers(): void {
  handle(
    'getCaptureRules',
    async ({ spaceId }) =>
      (await trustedCaptureRules.getValue())[spaceId] ?? { version: RULES_FILE_VERSION, rules: [] },
  );
  handle('getCaptureStructures', ({ spaceId }) => asResult(() => structuresFor(spaceId)));
  // The options page checked every field with parseRulesFile; the router checked the file's outline.
  handle('saveCaptureRules', async ({ spaceId, file }) => {
    await trustedCaptureRules.setValue({ ...(await trustedCaptureRules.getValue()), [spaceId]: file as RulesFile });
  });
}

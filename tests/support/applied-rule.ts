import type { AppliedRule } from '@/lib/capture/apply-rule';

/**
 * A capture rule applied to a page, as the capture script answers it: the Paper rule, saving a
 * Paper titled "Notes" with nothing else filled, unless `changes` says otherwise. Shared by the
 * popup's capture tests.
 */
export function appliedPaperRule(changes: Partial<AppliedRule> = {}): AppliedRule {
  return {
    ruleIndex: 0,
    ruleName: 'Paper',
    target: { kind: 'object', structureId: 'paper', structureTitle: 'Paper' },
    structureId: 'paper',
    title: 'Notes',
    properties: {},
    links: [],
    fieldTexts: {},
    tags: [],
    collection: null,
    notes: null,
    keep: null,
    createMissing: false,
    missing: [],
    ...changes,
  };
}

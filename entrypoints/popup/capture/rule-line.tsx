import type { AppliedRule } from '@/lib/capture/apply-rule';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { t } from '@/lib/i18n';

/** "Rule: <name>", the menu that picks another rule of the space or none, and the type it saves as. */
export function RuleLine({
  rules,
  applied,
  typeTitle,
  onChoose,
}: {
  rules: readonly CaptureRule[];
  applied: AppliedRule | null;
  typeTitle: string | undefined;
  /** A rule by its place in the person's order; -1: none. */
  onChoose(index: number): void;
}) {
  if (rules.length === 0) return null;
  return (
    <div className="capture-rule">
      {applied && <p>{t('captureRuleShown', applied.ruleName)}</p>}
      <label>
        {t('captureRuleMenu')}{' '}
        <select value={applied?.ruleIndex ?? -1} onChange={(event) => onChoose(Number(event.target.value))}>
          <option value={-1}>{t('captureRuleNone')}</option>
          {rules.map((rule, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rules are named by their place in the person's order.
            <option key={index} value={index}>
              {rule.name}
            </option>
          ))}
        </select>
      </label>
      {typeTitle && <p>{t('captureSavesAs', typeTitle)}</p>}
    </div>
  );
}

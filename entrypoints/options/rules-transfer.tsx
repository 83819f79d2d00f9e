import { type ChangeEvent, useEffect, useMemo, useState } from 'react';
import { Field } from '@/components/field';
import { describeImportError, exportRulesFile, parseRulesFile } from '@/entrypoints/options/rules-file';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { t } from '@/lib/i18n';

/** The name "Export rules" saves under. */
const RULES_FILE_NAME = 'space-clipper-rules.json';

export type RulesTransferProps = {
  rules: readonly CaptureRule[];
  /** The rules of a file that passed the check, as the file has them (unknown fields kept). */
  onImport(rules: CaptureRule[]): void;
};

/**
 * "Export rules" and "Import rules". The export is a link to the file itself (a blob address with
 * `download`), so saving it is the browser's own download, and the file is always the rules as
 * they are now. An import is checked whole before anything changes; a refused file is named at
 * the control with the first wrong field, and nothing is imported.
 */
export function RulesTransfer({ rules, onImport }: RulesTransferProps) {
  const [error, setError] = useState<string | undefined>();
  const href = useMemo(
    () => URL.createObjectURL(new Blob([exportRulesFile(rules)], { type: 'application/json' })),
    [rules],
  );
  useEffect(() => () => URL.revokeObjectURL(href), [href]);

  const read = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const file = input.files?.[0];
    if (!file) return;
    const result = parseRulesFile(await file.text());
    // Cleared, so that choosing the same file again (once fixed) is a change too.
    input.value = '';
    if (!result.ok) {
      setError(t('importRulesFailed', [file.name, describeImportError(result)]));
      return;
    }
    setError(undefined);
    onImport(result.file.rules);
  };

  return (
    <div className="rules-transfer">
      {rules.length > 0 && (
        <a className="button" href={href} download={RULES_FILE_NAME}>
          {t('exportRules')}
        </a>
      )}
      <Field label={t('importRules')} hint={t('importRulesHint')} error={error}>
        {(control) => <input {...control} type="file" accept=".json,application/json" onChange={read} />}
      </Field>
    </div>
  );
}

import { useEffect, useRef, useState } from 'react';
import type { Status } from '@/components/status-region';
import { type SpaceStructure, targetStructure } from '@/lib/capture/rule-target';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { t } from '@/lib/i18n';
import { CaptureRuleForm } from './capture-rule-form';
import { moveRule, uniqueRuleId } from './rule-draft';
import { RulePresetPicker } from './rule-preset-picker';
import { RulesTransfer } from './rules-transfer';
import './capture-rules.css';

export type CaptureRulesEditorProps = {
  rules: readonly CaptureRule[];
  onChange(rules: CaptureRule[]): void;
  /** Every type of the space the rules are for. */
  structures: readonly SpaceStructure[];
  onNotice(notice: Status): void;
};

type Focus = { id: string; control: 'up' | 'down' | 'edit' } | { id: null };

function targetName(rule: CaptureRule, structures: readonly SpaceStructure[]): string {
  if (rule.target.kind === 'weblink') return t('ruleTargetWeblink');
  return targetStructure(rule.target, structures)?.title ?? t('ruleTargetMissing', rule.target.structureTitle);
}

/**
 * "Capture rules": the list in the order they are tried, each turned on or off, moved with "Move
 * up"/"Move down" (the focus stays on the button that moved it), edited in place, deleted; rules
 * added blank or from a preset; exported and imported. Every change is handed to `onChange` whole.
 */
export function CaptureRulesEditor({ rules, onChange, structures, onNotice }: CaptureRulesEditorProps) {
  const [editing, setEditing] = useState<string | null>(null);
  const [focus, setFocus] = useState<Focus | null>(null);
  const list = useRef<HTMLOListElement>(null);
  const addBlank = useRef<HTMLButtonElement>(null);
  // Rules from a file without ids get them here, so the list can key and edit them.
  const keyed = rules.map((rule, index) => ({ rule, id: rule.id ?? `rule-${index}` }));

  useEffect(() => {
    if (!focus) return;
    if (focus.id === null) {
      addBlank.current?.focus();
      setFocus(null);
      return;
    }
    const item = list.current?.querySelector(`[data-rule="${CSS.escape(focus.id)}"]`);
    const wanted = item?.querySelector<HTMLButtonElement>(`[data-control="${focus.control}"]`);
    // At the top or bottom the button that moved it is disabled: its twin takes the focus.
    const twin = item?.querySelector<HTMLButtonElement>(`[data-control="${focus.control === 'up' ? 'down' : 'up'}"]`);
    (wanted && !wanted.disabled ? wanted : twin)?.focus();
    setFocus(null);
  }, [focus]);

  const replace = (index: number, rule: CaptureRule) => onChange(rules.map((old, at) => (at === index ? rule : old)));

  const move = (index: number, delta: -1 | 1) => {
    const entry = keyed[index];
    if (!entry) return;
    onChange(moveRule(rules, index, delta));
    setFocus({ id: entry.id, control: delta < 0 ? 'up' : 'down' });
    onNotice({
      message: t('ruleMoved', [entry.rule.name, String(index + delta + 1), String(rules.length)]),
      tone: 'info',
    });
  };

  const add = (rule: CaptureRule) => {
    const id = uniqueRuleId(rules, rule.id);
    onChange([...rules, { ...rule, id }]);
    setEditing(id);
  };

  const remove = (index: number) => {
    const rule = rules[index];
    onChange(rules.filter((_, at) => at !== index));
    // The focus goes on to the rule that takes its place (or the one before), else to adding one.
    const neighbour = keyed[index + 1] ?? keyed[index - 1];
    setFocus(neighbour ? { id: neighbour.id, control: 'edit' } : { id: null });
    if (rule) onNotice({ message: t('ruleDeleted', rule.name), tone: 'info' });
  };

  const imported = (file: CaptureRule[]) => {
    const added: CaptureRule[] = [...rules];
    for (const rule of file) added.push({ ...rule, id: uniqueRuleId(added, rule.id) });
    onChange(added);
    onNotice({ message: t('rulesImported', String(file.length)), tone: 'info' });
  };

  return (
    <div className="capture-rules">
      {rules.length === 0 && <p className="field-hint">{t('captureRulesEmpty')}</p>}
      <ol ref={list} className="rule-list">
        {keyed.map(({ rule, id }, index) => {
          const nameId = `rule-name-${index}`;
          return (
            <li key={id} data-rule={id} className={rule.enabled ? 'rule' : 'rule rule-off'}>
              <div className="rule-head">
                <div>
                  <h3 id={nameId}>{rule.name}</h3>
                  <p className="field-hint">{t('ruleSavesAs', targetName(rule, structures))}</p>
                </div>
                <div className="field field-check">
                  <input
                    id={`${nameId}-on`}
                    type="checkbox"
                    checked={rule.enabled}
                    aria-describedby={nameId}
                    onChange={(event) => replace(index, { ...rule, enabled: event.target.checked })}
                  />
                  <label htmlFor={`${nameId}-on`}>{t('ruleOn')}</label>
                </div>
              </div>
              <div className="button-row">
                <button
                  type="button"
                  className="button"
                  data-control="edit"
                  aria-describedby={nameId}
                  aria-expanded={editing === id}
                  onClick={() => setEditing(editing === id ? null : id)}
                >
                  {t('editRule')}
                </button>
                <button
                  type="button"
                  className="button"
                  data-control="up"
                  aria-describedby={nameId}
                  disabled={index === 0}
                  onClick={() => move(index, -1)}
                >
                  {t('moveRuleUp')}
                </button>
                <button
                  type="button"
                  className="button"
                  data-control="down"
                  aria-describedby={nameId}
                  disabled={index === rules.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t('moveRuleDown')}
                </button>
                <button type="button" className="button" aria-describedby={nameId} onClick={() => remove(index)}>
                  {t('deleteRule')}
                </button>
              </div>
              {editing === id && (
                <CaptureRuleForm
                  rule={rule}
                  structures={structures}
                  onSave={(saved) => {
                    replace(index, saved);
                    setEditing(null);
                    setFocus({ id, control: 'edit' });
                    onNotice({ message: t('ruleSaved', saved.name), tone: 'info' });
                  }}
                  onCancel={() => {
                    setEditing(null);
                    setFocus({ id, control: 'edit' });
                  }}
                />
              )}
            </li>
          );
        })}
      </ol>
      <div className="button-row">
        <button
          ref={addBlank}
          type="button"
          className="button"
          onClick={() => add({ name: t('newRuleName'), enabled: true, match: {}, target: { kind: 'weblink' } })}
        >
          {t('addBlankRule')}
        </button>
      </div>
      <RulePresetPicker structures={structures} onAdd={add} />
      <RulesTransfer rules={rules} onImport={imported} />
    </div>
  );
}

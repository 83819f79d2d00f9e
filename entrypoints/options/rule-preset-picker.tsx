import { type FormEvent, useState } from 'react';
import { Field } from '@/components/field';
import { type PresetId, RULE_PRESETS, ruleFromPreset } from '@/entrypoints/options/capture-presets';
import { creatableTypes, WEBLINK_STRUCTURE } from '@/lib/api/structures';
import { fold } from '@/lib/capture/fold';
import type { SpaceStructure } from '@/lib/capture/rule-target';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { type MessageKey, t } from '@/lib/i18n';

const PRESET_NAMES: Record<PresetId, MessageKey> = {
  article: 'presetArticle',
  paper: 'presetPaper',
  recipe: 'presetRecipe',
  video: 'presetVideo',
  book: 'presetBook',
};

export type RulePresetPickerProps = {
  structures: readonly SpaceStructure[];
  onAdd(rule: CaptureRule): void;
};

/** The type a preset most likely fills: the space's type of the same name, else the weblink. */
function likelyType(presetName: string, structures: readonly SpaceStructure[]): string {
  return creatableTypes(structures).find(({ title }) => fold(title) === fold(presetName))?.id ?? WEBLINK_STRUCTURE;
}

/**
 * "Add from a preset": the built-in presets are offered, never on by themselves; a person picks one
 * and the type of their space it fills, and gets a rule they can edit.
 */
export function RulePresetPicker({ structures, onAdd }: RulePresetPickerProps) {
  const [presetId, setPresetId] = useState<PresetId>('article');
  const preset = RULE_PRESETS.find(({ id }) => id === presetId) ?? RULE_PRESETS[0];
  const [chosenType, setChosenType] = useState<string | null>(null);
  const typeId = chosenType ?? (preset ? likelyType(preset.name, structures) : WEBLINK_STRUCTURE);
  const weblink = structures.find(({ id }) => id === WEBLINK_STRUCTURE);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const structure = structures.find(({ id }) => id === typeId);
    if (!preset || !structure) return;
    onAdd({ ...ruleFromPreset(preset, structure), name: t(PRESET_NAMES[preset.id]) });
  };

  return (
    <form className="rule-preset" onSubmit={submit}>
      <fieldset className="rule-group">
        <legend>{t('addPresetLegend')}</legend>
        <Field label={t('presetLabel')}>
          {(control) => (
            <select
              {...control}
              value={presetId}
              onChange={(event) => {
                setPresetId(event.target.value as PresetId);
                setChosenType(null);
              }}
            >
              {RULE_PRESETS.map(({ id }) => (
                <option key={id} value={id}>
                  {t(PRESET_NAMES[id])}
                </option>
              ))}
            </select>
          )}
        </Field>
        <Field label={t('presetTypeLabel')}>
          {(control) => (
            <select {...control} value={typeId} onChange={(event) => setChosenType(event.target.value)}>
              {weblink && <option value={WEBLINK_STRUCTURE}>{t('ruleTargetWeblink')}</option>}
              {creatableTypes(structures).map(({ id, title }) => (
                <option key={id} value={id}>
                  {title}
                </option>
              ))}
            </select>
          )}
        </Field>
        <div className="button-row">
          <button type="submit" className="button">
            {t('addPresetRule')}
          </button>
        </div>
      </fieldset>
    </form>
  );
}

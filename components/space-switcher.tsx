import { t } from '@/lib/i18n';
import { Field } from './field';

export type SpaceOption = { id: string; title: string; state: 'connected' | 'needs-sign-in' };

export type SpaceSwitcherProps = {
  spaces: SpaceOption[];
  value: string;
  onChange(spaceId: string): void;
  id?: string;
};

/** The "Space" select; with a single connected space there is nothing to switch, so nothing shows. */
export function SpaceSwitcher({ spaces, value, onChange, id }: SpaceSwitcherProps) {
  if (spaces.length < 2) return null;
  return (
    <Field label={t('spaceLabel')} id={id}>
      {(control) => (
        <select {...control} value={value} onChange={(event) => onChange(event.target.value)}>
          {spaces.map((space) => (
            <option key={space.id} value={space.id}>
              {space.state === 'needs-sign-in' ? t('spaceNeedsSignIn', space.title) : space.title}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

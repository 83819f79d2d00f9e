import { useState } from 'react';
import type { AppliedRule } from '@/lib/capture/apply-rule';
import { t } from '@/lib/i18n';
import { linkKey as keyOf } from './object-request';
import type { ResolvedLink } from './use-capture';

/**
 * The names the person confirmed to create, by property and name; all of them at once when the
 * rule says "Create missing". Starts again with each rule applied.
 */
export function useConfirmedNames(applied: AppliedRule | null, links: ResolvedLink[]) {
  const [chosen, setChosen] = useState<{ applied: AppliedRule | null; keys: Set<string> }>({
    applied: null,
    keys: new Set(),
  });
  const all = () =>
    new Set(
      links.flatMap((link) =>
        link.outcomes.flatMap((outcome) => ('create' in outcome ? [keyOf(link.propertyId, outcome.name)] : [])),
      ),
    );
  const keys = chosen.applied === applied ? chosen.keys : applied?.createMissing ? all() : new Set<string>();
  const toggle = (propertyId: string, name: string) => {
    const next = new Set(keys);
    const key = keyOf(propertyId, name);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setChosen({ applied, keys: next });
  };
  return [keys, toggle] as const;
}

/** Each entity property's names: the objects found, and a toggle chip per name to create. */
export function LinkChips({
  links,
  structures,
  confirmed,
  onToggle,
}: {
  links: ResolvedLink[];
  structures: { id: string; title: string }[];
  confirmed: ReadonlySet<string>;
  onToggle(propertyId: string, name: string): void;
}) {
  const typeTitle = (id: string | null) => structures.find((structure) => structure.id === id)?.title ?? '';
  return links.map((link) => (
    <fieldset key={link.propertyId} className="capture-links">
      <legend>{link.propertyName}</legend>
      {link.outcomes.map((outcome) =>
        'found' in outcome ? (
          <span key={outcome.name} className="chip">
            {outcome.found.title}
          </span>
        ) : (
          <button
            key={outcome.name}
            type="button"
            className="chip"
            aria-pressed={confirmed.has(keyOf(link.propertyId, outcome.name))}
            onClick={() => onToggle(link.propertyId, outcome.name)}
          >
            {t('captureCreateLinked', [typeTitle(outcome.create.structureId), outcome.name])}
          </button>
        ),
      )}
    </fieldset>
  ));
}

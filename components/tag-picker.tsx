import { t } from '@/lib/i18n';
import type { TagRef } from '@/lib/messaging';
import { ChipCombobox } from './chip-combobox';
import { Field } from './field';

export type TagOption = { id: string; title: string };

export type TagPickerProps = {
  selected: TagRef[];
  onChange(next: TagRef[]): void;
  /** Filtered locally as the person types, so suggestions show before the server answers. */
  recentTags: TagOption[];
  searchTags(query: string, signal: AbortSignal): Promise<TagOption[]>;
  debounceMs?: number;
  id?: string;
  pinnedTagIds?: string[];
  onTogglePin?(tag: TagOption): void;
};

function words(text: string): string[] {
  return text
    .toLocaleLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
}

/** Every typed word starts a word of the title ("que" finds "React Query", "eact" does not). */
export function matchesWordPrefix(title: string, query: string): boolean {
  const terms = words(query);
  if (terms.length === 0) return title.toLocaleLowerCase().startsWith(query.trim().toLocaleLowerCase());
  const titleWords = words(title);
  return terms.every((term) => titleWords.some((word) => word.startsWith(term)));
}

function PinIcon({ pinned }: { pinned: boolean }) {
  return (
    <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
      <path
        d="M6 2h4l-.5 4 2.5 2.5H4L6.5 6zM8 8.5V14"
        fill={pinned ? 'currentColor' : 'none'}
        stroke="currentColor"
        strokeWidth="1.5"
        strokeLinejoin="round"
      />
    </svg>
  );
}

/** The "Tags" combobox: chips for the chosen tags, search as you type, create a missing tag. */
export function TagPicker({
  selected,
  onChange,
  recentTags,
  searchTags,
  debounceMs = 200,
  id,
  pinnedTagIds,
  onTogglePin,
}: TagPickerProps) {
  function pinButton(index: number) {
    const choice = selected[index];
    // Only existing tags can be pinned: a new one has no id to remember until it is saved.
    if (!onTogglePin || choice?.kind !== 'existing') return null;
    const pinned = pinnedTagIds?.includes(choice.id) ?? false;
    return (
      <button
        type="button"
        className="chip-button"
        // A toggle keeps its name; whether it is on is aria-pressed (and the filled pin).
        aria-label={t('tagPin', choice.title)}
        aria-pressed={pinned}
        onClick={() => onTogglePin({ id: choice.id, title: choice.title })}
      >
        <PinIcon pinned={pinned} />
      </button>
    );
  }

  return (
    <Field label={t('tagsLabel')} id={id}>
      {(control) => (
        <ChipCombobox
          control={control}
          selected={selected.map((choice) => ({
            id: choice.kind === 'existing' ? choice.id : undefined,
            title: choice.title,
          }))}
          removeLabel={(title) => t('tagRemove', title)}
          onRemove={(index) => onChange(selected.filter((_, i) => i !== index))}
          chipActions={pinButton}
          sources={{
            local: (query) =>
              query === '' ? recentTags : recentTags.filter((tag) => matchesWordPrefix(tag.title, query)),
            search: searchTags,
            debounceMs,
          }}
          openOnFocus
          onPick={(tag) => onChange([...selected, { kind: 'existing', id: tag.id, title: tag.title }])}
          create={{
            label: (name) => t('tagCreate', name),
            onCreate: (name) => onChange([...selected, { kind: 'new', title: name }]),
          }}
        />
      )}
    </Field>
  );
}

import { type KeyboardEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { t } from '@/lib/i18n';
import { type FieldControl, fieldLabelId } from './field';
import { type Suggestion, type SuggestionSources, useSuggestions } from './use-suggestions';

/** Enough to choose from without the list outgrowing a popup. */
const MAX_OPTIONS = 8;

type Option = { kind: 'pick'; suggestion: Suggestion } | { kind: 'create'; name: string };

export type ChipComboboxProps = {
  control: FieldControl;
  /** Chips in order; `id` is absent for a choice that does not exist yet (a new tag). */
  selected: readonly { id?: string | undefined; title: string }[];
  removeLabel(title: string): string;
  onRemove(index: number): void;
  /** Extra buttons on a chip (pinning), placed before its remove button. */
  chipActions?(index: number): ReactNode;
  sources: SuggestionSources;
  onPick(suggestion: Suggestion): void;
  /** Shows the local suggestions (recent, pinned) as soon as the box takes the focus, before any typing. */
  openOnFocus?: boolean;
  /** When given, a typed name that matches nothing existing can be added as a new item. */
  create?: { label(name: string): string; onCreate(name: string): void };
};

/**
 * Chips plus an ARIA 1.2 combobox (list autocomplete, no automatic selection) whose listbox
 * overlays the content below it, so suggestions arriving never move the rest of the form.
 * Shared by the tag picker and the object-select property fields.
 */
export function ChipCombobox({
  control,
  selected,
  removeLabel,
  onRemove,
  chipActions,
  sources,
  onPick,
  openOnFocus,
  create,
}: ChipComboboxProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const listboxRef = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(-1);
  const { suggestions, loading } = useSuggestions(query, sources);

  const name = query.trim();
  const key = name.toLocaleLowerCase();
  const selectedIds = new Set(selected.flatMap((item) => (item.id === undefined ? [] : [item.id])));
  const nameTaken = selected.some((item) => item.title.toLocaleLowerCase() === key);
  const exactMatch = suggestions.find((item) => item.title.toLocaleLowerCase() === key);
  const options: Option[] = suggestions
    .filter((item) => !selectedIds.has(item.id))
    .slice(0, MAX_OPTIONS)
    .map((suggestion) => ({ kind: 'pick', suggestion }));
  if (create && name !== '' && !exactMatch && !nameTaken) options.push({ kind: 'create', name });

  const expanded = open && options.length > 0;
  const active = expanded && activeIndex < options.length ? activeIndex : -1;
  const listboxId = `${control.id}-listbox`;
  const optionId = (index: number) => `${control.id}-option-${index}`;

  useEffect(() => {
    if (active !== -1) listboxRef.current?.children[active]?.scrollIntoView({ block: 'nearest' });
  }, [active]);

  function reset() {
    setQuery('');
    setOpen(false);
    setActiveIndex(-1);
  }

  function choose(option: Option) {
    if (option.kind === 'pick') onPick(option.suggestion);
    else create?.onCreate(option.name);
    reset();
  }

  /** Enter or comma without an active option: the typed name, matched to an existing item first. */
  function commitTypedName() {
    if (name === '') return;
    if (exactMatch && !selectedIds.has(exactMatch.id)) choose({ kind: 'pick', suggestion: exactMatch });
    else if (exactMatch || nameTaken) reset();
    else if (create) choose({ kind: 'create', name });
  }

  function move(step: 1 | -1) {
    setOpen(true);
    const count = options.length;
    if (count === 0) return;
    setActiveIndex(active === -1 ? (step === 1 ? 0 : count - 1) : (active + step + count) % count);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    // Keys that confirm an input method's composition (Japanese, Chinese, …) are not ours.
    if (event.nativeEvent.isComposing) return;
    switch (event.key) {
      case 'ArrowDown':
      case 'ArrowUp':
        event.preventDefault();
        move(event.key === 'ArrowDown' ? 1 : -1);
        break;
      case 'Enter': {
        const option = active === -1 ? undefined : options[active];
        // Left to the form (submit) when there is nothing here for Enter to act on: no option
        // chosen, nothing typed (suggestions shown on focus alone do not hold a save back).
        if (!option && name === '') return;
        event.preventDefault();
        if (option) choose(option);
        else if (name === '') setOpen(false);
        else commitTypedName();
        break;
      }
      case ',':
        event.preventDefault();
        commitTypedName();
        break;
      case 'Escape':
        // The first Escape only closes the list; the popup closes itself on the next one.
        if (!expanded) return;
        event.preventDefault();
        event.stopPropagation();
        setOpen(false);
        setActiveIndex(-1);
        break;
      case 'Backspace':
        if (query === '' && selected.length > 0) onRemove(selected.length - 1);
        break;
    }
  }

  return (
    <div className="combobox">
      <div className="chip-input">
        {selected.length > 0 && (
          <ul className="chips">
            {selected.map((item, index) => (
              <li className="chip" key={item.id ?? `new:${item.title}`}>
                <span className="chip-title">{item.title}</span>
                {chipActions?.(index)}
                <button
                  type="button"
                  className="chip-button"
                  aria-label={removeLabel(item.title)}
                  onClick={() => {
                    onRemove(index);
                    // The button disappears with its chip; keep focus in the control.
                    inputRef.current?.focus();
                  }}
                >
                  <svg viewBox="0 0 16 16" width="12" height="12" aria-hidden="true">
                    <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
                  </svg>
                </button>
              </li>
            ))}
          </ul>
        )}
        <input
          {...control}
          ref={inputRef}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listboxId}
          aria-activedescendant={active === -1 ? undefined : optionId(active)}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(event.target.value.trim() !== '');
            setActiveIndex(-1);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => openOnFocus && setOpen(true)}
          onBlur={() => {
            setOpen(false);
            setActiveIndex(-1);
          }}
        />
      </div>
      <div
        ref={listboxRef}
        id={listboxId}
        role="listbox"
        aria-labelledby={fieldLabelId(control.id)}
        className="listbox"
        hidden={!expanded}
        // Keeps focus (and the typed text) in the input while an option is clicked.
        onMouseDown={(event) => event.preventDefault()}
      >
        {options.map((option, index) => (
          // Focus stays in the input (aria-activedescendant), whose keydown handler drives the options.
          // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/useFocusableInteractive: see above
          <div
            key={option.kind === 'pick' ? option.suggestion.id : 'create'}
            id={optionId(index)}
            role="option"
            aria-selected={index === active}
            className={option.kind === 'create' ? 'option option-create' : 'option'}
            onClick={() => choose(option)}
          >
            {option.kind === 'pick' ? option.suggestion.title : create?.label(option.name)}
          </div>
        ))}
      </div>
      <span className="visually-hidden" aria-live="polite">
        {loading ? t('comboboxSearching') : ''}
      </span>
    </div>
  );
}

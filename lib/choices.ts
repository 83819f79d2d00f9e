import type { KeepChoice } from './clips/clip-fields';
import { db } from './db';
import type { HighlightColour } from './highlighter/colours';
import type { ClipTemplate } from './message-schemas';
import { clipTemplatesCopy, keepChoicesCopy, type SpacePreferences, spacePreferencesCopy } from './storage';
import type { StorageItem } from './storage-item';

/**
 * What decides what a clip sends, or where: the default space, each space's clip template (fields
 * from the page, the notes template), the Keep remembered per site (whether the article goes),
 * the pinned tags and the last collection. Quick clips (context menu, shortcuts) send them with
 * no person looking, so they live in the extension's IndexedDB (lib/db/), which content scripts
 * cannot open; in Firefox they can write `storage.local`. Only the background imports this
 * module. It also writes a copy to `storage.local` of what the popup and the options page show, so
 * they paint from it at once as before; nothing in the background reads that copy.
 */

/**
 * How clips are made, as the person chose in the options page. Not `ServiceSettings`
 * (lib/auth/settings.ts): those say which service the extension talks to.
 */
export interface ClipSettings {
  /** Space used by the context menu, the keyboard shortcuts and a fresh popup. */
  defaultSpaceId: string | null;
  /** Whether daily-note appends get the service's automatic timestamp heading. */
  dailyNoteTimestamp: boolean;
  /** The colour of a new highlight (options page, "Highlight colour"); yellow when absent (stored before #23). */
  highlightColour?: HighlightColour;
}

interface Choice<T> {
  getValue(): Promise<T>;
  setValue(value: T): Promise<void>;
}

function choice<T>(key: string, fallback: T, copy?: Pick<StorageItem<T>, 'setValue'>): Choice<T> {
  return {
    getValue: async () => ((await (await db()).get('settings', key)) as T | undefined) ?? structuredClone(fallback),
    async setValue(value) {
      await (await db()).put('settings', value, key);
      await copy?.setValue(value);
    },
  };
}

/** The default space of quick clips and a fresh popup, and the daily note's timestamp heading. */
export const trustedClipSettings = choice<ClipSettings>('clipSettings', {
  defaultSpaceId: null,
  dailyNoteTimestamp: true,
});
export const trustedClipTemplates = choice<Record<string, ClipTemplate>>('clipTemplates', {}, clipTemplatesCopy);
export const trustedKeepChoices = choice<Record<string, KeepChoice>>('keepChoices', {}, keepChoicesCopy);
export const trustedSpacePreferences = choice<Record<string, SpacePreferences>>(
  'spacePreferences',
  {},
  spacePreferencesCopy,
);

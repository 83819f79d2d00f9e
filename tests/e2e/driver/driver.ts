import type { GetReturnType } from '@webext-core/messaging';
import type { ProtocolMap } from '../../../lib/messaging.ts';
import type { MessageData } from '../send-to-background.ts';

/**
 * What a user flow does with a browser, whichever browser it is. A flow is written once against
 * this interface (tests/e2e/flows/) and runs in Chromium (Playwright) and in Firefox ESR
 * (puppeteer-core over WebDriver BiDi). Our own pages are driven by the accessible names a person
 * sees (/work/shared/DESIGN.md, "Names a user … sees"), never by CSS classes.
 */

export type BrowserName = 'chromium' | 'firefox';

export type Role =
  | 'button'
  | 'checkbox'
  | 'combobox'
  | 'heading'
  | 'link'
  | 'listitem'
  | 'option'
  | 'radio'
  | 'status'
  | 'textbox';

/**
 * A control found by its role and accessible name, or (`role: 'labelled'`) any control whose label
 * is `name` (a date input has no ARIA role to look it up by). A string name matches exactly, after
 * collapsing white space; a RegExp is tested against the name.
 */
export interface Control {
  role: Role | 'labelled';
  name: string | RegExp;
}

export const button = (name: string | RegExp): Control => ({ role: 'button', name });
export const textbox = (name: string | RegExp): Control => ({ role: 'textbox', name });
export const combobox = (name: string | RegExp): Control => ({ role: 'combobox', name });
export const heading = (name: string | RegExp): Control => ({ role: 'heading', name });
export const link = (name: string | RegExp): Control => ({ role: 'link', name });
export const option = (name: string | RegExp): Control => ({ role: 'option', name });
export const labelled = (name: string | RegExp): Control => ({ role: 'labelled', name });

export type Key = 'Enter' | 'Escape';

/** A file a person picks or a download saved: its name and its text. */
export interface ChosenFile {
  name: string;
  text: string;
}

/** A page of ours (options, popup) or the emulator's consent page, driven as a person would. */
export interface UiPage {
  /** Replaces the control's value, as typing would. */
  fill(control: Control, value: string): Promise<void>;
  /** Types key by key after what is there (search-as-you-type sees every key). */
  type(control: Control, text: string, options?: { delayMs?: number }): Promise<void>;
  press(control: Control, key: Key): Promise<void>;
  /** Presses a key wherever the focus is now (after a control was left, say). */
  pressKey(key: Key): Promise<void>;
  /** Waits until the control is enabled, then clicks it. */
  click(control: Control): Promise<void>;
  /** Picks the option of a `<select>` by its visible label. */
  select(control: Control, optionLabel: string): Promise<void>;
  /** Clicks a suggestion of the open listbox (a combobox's options, not a `<select>`'s). */
  pickSuggestion(name: string | RegExp): Promise<void>;
  /** Clicks the innermost visible element whose text matches (a `<summary>`, say). */
  clickText(text: RegExp): Promise<void>;
  /** Picks a file in a file input, as a person choosing it in the browser's file dialog. */
  chooseFile(control: Control, file: ChosenFile): Promise<void>;
  /**
   * Clicks a download link and answers the file it saves. Chromium: the browser's own download.
   * Firefox: puppeteer reports no downloads over WebDriver BiDi, so the link's `download` name is
   * read and its address (a blob of the page) fetched in the page: the bytes the download saves.
   */
  download(control: Control): Promise<ChosenFile>;
  /** Resolves once the control is on the page and visible. */
  waitFor(control: Control): Promise<void>;
  /** How many visible controls match right now (no waiting). */
  count(control: Control): Promise<number>;
  /** The control's current value. */
  value(control: Control): Promise<string>;
  attribute(control: Control, name: string): Promise<string | null>;
  /** The control's accessible description, as assistive technology is given it ('' when none). */
  description(control: Control): Promise<string>;
  /** The text of the `role="status"` region ('' when there is none yet). */
  status(): Promise<string>;
  /** The page's visible text. */
  text(): Promise<string>;
  /** The text of the first list item containing `text` ('' when there is none). */
  listItemText(containing: string): Promise<string>;
  /** The page's address as the page itself sees it. */
  url(): Promise<string>;
  screenshot(file: string, options?: { fullPage?: boolean }): Promise<void>;
  /**
   * Runs `fn` in the page itself and answers its result: for what only the page's layout can tell
   * (text overflowing its box), which no role and name lookup reaches.
   */
  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /** Resolves when the page has closed (by itself, or by `close()`). */
  closed(): Promise<void>;
  close(): Promise<void>;
}

/** A web page in a tab, and what the browser's tabs API says of it. */
export interface Tab {
  id: number;
  url: string;
  title: string;
  /** Selects the contents of the first element matching `selector`, as a person dragging over it. */
  selectContents(selector: string): Promise<void>;
  /** Brings the tab to the front, as a click on it moves the focus there from a popup. */
  focus(): Promise<void>;
  screenshot(file: string, options?: { fullPage?: boolean }): Promise<void>;
}

/** The size of the toolbar popup, for a popup opened as a tab to look as it does. */
export interface PageSize {
  width: number;
  height: number;
}

export interface Driver {
  readonly browser: BrowserName;
  /** The options page: first the tab a fresh install opened, then a new tab each time. */
  options(): Promise<UiPage>;
  /** Opens a web page in a new tab and waits for it to load. */
  openPage(url: string): Promise<Tab>;
  /** A browser page no extension may script (chrome://version, about:robots), in a new tab. */
  openBrowserPage(): Promise<Tab>;
  /** Opens the popup as a tab, acting on `forTab` (`?tabId=N`), or on itself without one. */
  popup(forTab?: Tab, size?: PageSize): Promise<UiPage>;
  /**
   * Starts waiting for a page the browser or the extension is about to open (the identity
   * window's consent page, an options tab); await the answer after the action that opens it.
   */
  nextPage(matches: (url: string) => boolean): Promise<UiPage>;
  /** Closes every tab of the options page. */
  closeOptionsPages(): Promise<void>;
  /** Sends a message to the background as the popup and options page do, typed by ProtocolMap. */
  sendToBackground<K extends keyof ProtocolMap>(
    type: K,
    ...data: MessageData<K>
  ): Promise<GetReturnType<ProtocolMap[K]>>;
  /** Runs `fn` in an extension page (where `chrome.*` is the extension's API) and returns its result. */
  inExtension<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  /**
   * Calls the background's own context-menu or command handler: a test cannot click browser UI,
   * so e2e builds expose them as `spaceClipperTestHooks`.
   */
  callBackgroundHook(hook: 'onMenuClicked' | 'onCommand', args: unknown[]): Promise<void>;
  /** Records the notifications the background shows from now on, as "title: message" lines. */
  recordNotifications(): Promise<() => Promise<string[]>>;
  /**
   * Closes the browser, runs `whileStopped`, and starts the browser again with the same profile,
   * opening no page of ours: nothing but the browser start itself wakes the background.
   */
  restart(whileStopped?: () => Promise<void>): Promise<void>;
  /**
   * What pages see as `prefers-color-scheme` from now on. Firefox can only be started with it:
   * there the browser restarts, so pages opened before are gone (open them again after).
   */
  setColorScheme(scheme: 'light' | 'dark'): Promise<void>;
  /**
   * Closes the extension tab the driver evaluates its privileged steps in: the last step for a
   * browser a person goes on using, as `npm start` leaves it.
   */
  closeControlTab(): Promise<void>;
}

/** Runs in a web page: selects the contents of the first element matching `selector`, as a drag would. */
export function selectElementContents(selector: string): void {
  const range = document.createRange();
  range.selectNodeContents(document.querySelector(selector) as Node);
  const selection = getSelection() as Selection;
  selection.removeAllRanges();
  selection.addRange(range);
}

/**
 * What a person does before a screenshot, in whichever language the extension shows: connects the
 * spaces, opens the article with its introduction selected, fills the popup, and lets the page settle.
 */
import { button, combobox, type Driver, type Tab, textbox, type UiPage } from '../tests/e2e/driver/driver.ts';
import { DEMO_TOKENS } from '../tests/emulator/seed.ts';
import type { LocaleMessages } from './locale-messages.ts';
import { until } from './poll-until.ts';

/**
 * The toolbar popup: as wide as its page makes itself (components/theme.css, `.popup`), and as
 * tall as Chrome and Firefox let a popup grow (600 px; it scrolls beyond).
 */
export const POPUP_SIZE = { width: 380, height: 600 };

/**
 * Connects the Demo space (the default) and the Research space through the options page; `only`
 * connects just that one of them (again later for the other).
 */
export async function connectSpaces(
  driver: Driver,
  say: LocaleMessages,
  only?: keyof Pick<typeof DEMO_TOKENS, 'demo' | 'research'>,
): Promise<void> {
  const options = await driver.options();
  for (const token of only ? [DEMO_TOKENS[only]] : [DEMO_TOKENS.demo, DEMO_TOKENS.research]) {
    const before = await options.status();
    // The token form is second to Sign in, behind its disclosure (#22).
    const disclosure = button(say.get('useToken'));
    if ((await options.attribute(disclosure, 'aria-expanded')) !== 'true') await options.click(disclosure);
    await options.fill(textbox(say.get('tokenLabel')), token);
    await options.click(button(say.get('connectWithToken')));
    await until(async () => !['', before].includes(await options.status()), `connecting with ${token} said nothing`);
  }
  if (only) return;
  const { connections } = await driver.sendToBackground('getConnections');
  if (connections.length !== 2) throw new Error(`${connections.length} spaces connected, not 2`);
}

/** Takes focus off the control last used and scrolls to the top, as a person glancing at it sees it. */
export function settle(page: UiPage): Promise<void> {
  return page.evaluate(async () => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo(0, 0);
    await document.fonts.ready;
    // Past the theme's transitions (components/theme.css, --motion).
    await new Promise((resolve) => setTimeout(resolve, 300));
  }, undefined);
}

/** The article, with its introduction selected as a person would before opening the popup. */
export async function openArticle(driver: Driver, articleUrl: string, options: { select: boolean }): Promise<Tab> {
  const article = await driver.openPage(articleUrl);
  if (options.select) await article.selectContents('#intro');
  return article;
}

/**
 * The popup for the article: the selection quoted in the notes (when `quoted`: the article has one
 * selected), two tags and a collection chosen.
 */
export async function clipFormPopup(driver: Driver, article: Tab, say: LocaleMessages, quoted = true): Promise<UiPage> {
  const popup = await driver.popup(article, POPUP_SIZE);
  await until(
    async () =>
      quoted
        ? (await popup.value(textbox(say.get('notesLabel')))).startsWith('> ')
        : (await popup.value(textbox(say.get('titleLabel')))) !== '',
    quoted ? 'the popup did not quote the selection in its notes' : 'the popup did not fill the title',
  );
  for (const [typed, tag] of [
    ['read', 'Reading'],
    ['cook', 'Cooking'],
  ] as const) {
    await popup.fill(combobox(say.get('tagsLabel')), typed);
    await popup.pickSuggestion(tag);
  }
  await popup.select(combobox(say.get('collectionLabel')), 'Reading list');
  await settle(popup);
  return popup;
}

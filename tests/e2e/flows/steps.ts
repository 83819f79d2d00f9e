import { DEMO } from '../../emulator/seed.ts';
import { button, type Control, type Driver, labelled, type Tab, textbox, type UiPage } from '../driver/driver.ts';
import { type EmulatorAccess, type EmulatorObject, urlOf } from '../emulator-client.ts';
import { expect } from '../expect.ts';

/** The prologues the flows share: connecting a space, opening the article, opening the popup. */

/** The fixture article's title, as the popup prefills it. */
export const ARTICLE_TITLE = 'Keeping Bread Starters Alive';

/** Today in this machine's time zone, as the extension computes the daily note's date. */
export const today = () => new Date().toLocaleDateString('sv');

/** Fills in a personal token and asks to connect with it (success shows in the status, a refusal at the field). */
export async function connectWithToken(options: UiPage, token: string): Promise<void> {
  await openDisclosure(options, 'Use a personal token');
  await options.fill(textbox('Personal API token'), token);
  await options.click(button('Connect with token'));
}

/** Opens what the disclosure button `name` shows, unless it is open already. */
export async function openDisclosure(page: UiPage, name: string): Promise<void> {
  if ((await page.attribute(button(name), 'aria-expanded')) !== 'true') await page.click(button(name));
}

/** Opens the options page and connects a space with a personal token, waiting until it is connected. */
export async function connectSpace(driver: Driver, token: string): Promise<UiPage> {
  const options = await driver.options();
  await connectWithToken(options, token);
  await expect.poll(() => options.status()).toMatch(/^Connected to /);
  return options;
}

/**
 * Clicks "Sign in" and answers the emulator's consent page, which the browser's identity API
 * opens in its own window, choosing `space` and `decision`.
 */
export async function signIn(
  driver: Driver,
  options: UiPage,
  decision: 'Approve' | 'Deny',
  space?: string,
  via: Control = button('Sign in'),
): Promise<void> {
  const consentOpened = driver.nextPage((url) => url.includes('/oauth/authorize'));
  await options.click(via);
  await answerConsent(await consentOpened, decision, space);
}

export async function answerConsent(consent: UiPage, decision: 'Approve' | 'Deny', space?: string): Promise<void> {
  if (space) await consent.select(labelled('Space'), space);
  await consent.click(button(decision));
}

/** Opens the fixture article, optionally selecting the element matching `selector`. */
export async function openArticle(driver: Driver, pagesUrl: string, selector?: string): Promise<Tab> {
  const article = await driver.openPage(`${pagesUrl}/article.html`);
  if (selector) await article.selectContents(selector);
  return article;
}

/** Opens the popup for a tab and waits until it has read the page's title. */
export async function openPopupFor(driver: Driver, tab: Tab, title = ARTICLE_TITLE): Promise<UiPage> {
  const popup = await driver.popup(tab);
  await expect.poll(() => popup.value(textbox('Title'))).toBe(title);
  return popup;
}

/** The newest entry of the emulator's request log, to read what a step sent after it. */
export async function lastLogSeq(emulator: EmulatorAccess): Promise<number> {
  return (await emulator.log()).at(-1)?.seq ?? 0;
}

/** A tab as the browser hands it to a context-menu or command listener. */
export function tabInfo(tab: Tab) {
  return { id: tab.id, url: tab.url, title: tab.title };
}

/** The demo space's weblinks of `url`, the trashed ones included, as the emulator holds them. */
export async function weblinksOf(emulator: EmulatorAccess, url: string): Promise<EmulatorObject[]> {
  const state = await emulator.state({ spaceId: DEMO.spaceId, structureId: 'MediaWebResource' });
  return (state.spaces[0]?.objects ?? []).filter((object) => urlOf(object) === url);
}

/** The one weblink of `url` (trashed or not), failing when there is none or more than one. */
export async function onlyWeblinkOf(emulator: EmulatorAccess, url: string): Promise<EmulatorObject> {
  const weblinks = await weblinksOf(emulator, url);
  expect(weblinks, `weblinks of ${url}`).toHaveLength(1);
  return weblinks[0] as EmulatorObject;
}

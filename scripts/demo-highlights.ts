/**
 * The highlights part of `npm run demo` (issue #23): three passages of the sample article
 * highlighted, one recoloured and one with a note, then the page and the popup's list
 * "Highlights" photographed in the colour scheme in use. docs/highlights.md shows them.
 */
import path from 'node:path';
import { type Driver, heading, type PageSize, type Tab } from '../tests/e2e/driver/driver.ts';
import { DEMO } from '../tests/emulator/seed.ts';
import { until } from './poll-until.ts';

const spaceId = DEMO.spaceId;
const NOTE = 'The one rule that never changes.';

/** Highlights the sample article's passages, as "Highlight selection" does, then recolours one and notes another. */
export async function highlightArticle(driver: Driver, articleUrl: string): Promise<void> {
  const article = await driver.openPage(articleUrl);
  for (const selector of ['#intro', 'h2 + p', 'blockquote']) {
    await article.selectContents(selector);
    const answer = await driver.sendToBackground('highlightSelection', { spaceId, tabId: article.id });
    if (!answer.ok || answer.value.kind !== 'highlighted') throw new Error(`${selector} was not highlighted`);
  }
  const listed = await driver.sendToBackground('listHighlights', { spaceId, tabId: article.id });
  const [, ratio, patience] = listed.ok ? listed.value.highlights : [];
  if (!ratio || !patience) throw new Error('the highlights were not listed');
  await driver.sendToBackground('changeHighlight', { spaceId, tabId: article.id, id: ratio.id, colour: 'green' });
  await driver.sendToBackground('changeHighlight', {
    spaceId,
    tabId: article.id,
    id: patience.id,
    note: NOTE,
  });
}

function clearSelection(driver: Driver, tab: Tab): Promise<void> {
  return driver.inExtension(async (tabId) => {
    await chrome.scripting.executeScript({ target: { tabId }, func: () => getSelection()?.removeAllRanges() });
  }, tab.id);
}

/** The article with its highlights drawn again, and the popup's list of them: `highlights-{page,popup}-<scheme>.png`. */
export async function highlightScreenshots(
  driver: Driver,
  options: { articleUrl: string; out: string; scheme: 'light' | 'dark'; popupSize: PageSize },
): Promise<string[]> {
  const article = await driver.openPage(options.articleUrl);
  const popup = await driver.popup(article, options.popupSize);
  await popup.waitFor(heading('Highlights'));
  const noted = () =>
    popup.evaluate((note) => [...document.querySelectorAll('textarea')].some((box) => box.value === note), NOTE);
  await until(noted, 'the note was not listed');
  await popup.evaluate(() => {
    const title = [...document.querySelectorAll('h2')].find((h2) => h2.textContent === 'Highlights');
    title?.scrollIntoView({ block: 'start' });
  }, undefined);
  const files = [`highlights-page-${options.scheme}.png`, `highlights-popup-${options.scheme}.png`];
  await popup.screenshot(path.join(options.out, files[1] as string));
  await popup.close();
  await clearSelection(driver, article);
  await article.screenshot(path.join(options.out, files[0] as string));
  return files;
}

import type { BrowserContext, Page } from '@playwright/test';

/** Opens the fixture article in a new tab, optionally selecting the element matching `selector`. */
export async function openArticle(context: BrowserContext, baseUrl: string, selector?: string): Promise<Page> {
  const article = await context.newPage();
  await article.goto(`${baseUrl}/article.html`);
  if (selector) {
    await article.evaluate((css) => {
      const range = document.createRange();
      range.selectNodeContents(document.querySelector(css) as Node);
      const selection = getSelection() as Selection;
      selection.removeAllRanges();
      selection.addRange(range);
    }, selector);
  }
  return article;
}

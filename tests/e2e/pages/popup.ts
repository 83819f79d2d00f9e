import type { BrowserContext, Locator, Page } from '@playwright/test';

/** The popup, opened as a tab (`?tabId=N` makes it act on tab N instead of itself). */
export class PopupPage {
  page!: Page;

  constructor(
    private readonly context: BrowserContext,
    private readonly extensionId: string,
  ) {}

  async open(forTab?: Page): Promise<Page> {
    const tabId = forTab ? await tabIdOf(forTab) : undefined;
    const query = tabId === undefined ? '' : `?tabId=${tabId}`;
    this.page = await this.context.newPage();
    await this.page.goto(`chrome-extension://${this.extensionId}/popup.html${query}`);
    return this.page;
  }

  get status(): Locator {
    return this.page.getByRole('status');
  }

  get title(): Locator {
    return this.page.getByRole('textbox', { name: 'Title' });
  }

  get tags(): Locator {
    return this.page.getByRole('combobox', { name: 'Tags' });
  }

  get notes(): Locator {
    return this.page.getByRole('textbox', { name: 'Notes' });
  }

  get savePage(): Locator {
    return this.page.getByRole('button', { name: 'Save page' });
  }

  /** The suggestions of the tag box (not the options of a <select> elsewhere in the form). */
  tagOption(name: string | RegExp): Locator {
    return this.page.locator('[role="listbox"]').getByRole('option', { name, exact: typeof name === 'string' });
  }

  /** Types into the tag box and picks the suggestion with exactly this name. */
  async addTag(query: string, option: string): Promise<void> {
    await this.tags.fill(query);
    await this.tagOption(option).click();
  }
}

/** Chrome's tab id of a page, asked from the extension's service worker. */
export async function tabIdOf(page: Page): Promise<number> {
  const worker = page.context().serviceWorkers()[0];
  if (!worker) throw new Error('the extension service worker is not running');
  const url = page.url();
  return worker.evaluate(async (target) => {
    const tabs = await chrome.tabs.query({});
    const tab = tabs.find((candidate) => candidate.url === target);
    if (tab?.id === undefined) throw new Error(`no tab with url ${target}`);
    return tab.id;
  }, url);
}

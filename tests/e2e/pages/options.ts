import type { BrowserContext, Page } from '@playwright/test';

/** The options page, opened as a tab. */
export class OptionsPage {
  page!: Page;

  constructor(
    private readonly context: BrowserContext,
    private readonly extensionId: string,
  ) {}

  async open(): Promise<Page> {
    this.page = await this.context.newPage();
    await this.page.goto(`chrome-extension://${this.extensionId}/options.html`);
    return this.page;
  }
}

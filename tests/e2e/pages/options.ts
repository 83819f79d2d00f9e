import type { BrowserContext, Locator, Page } from '@playwright/test';

/** The options page, opened as a tab, with the controls a person uses to connect spaces. */
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

  get status(): Locator {
    return this.page.getByRole('status');
  }

  /** Connects with a personal token and waits for the answer (success or failure). */
  async connectWithToken(token: string): Promise<void> {
    await this.openDisclosure('Use a personal token');
    await this.page.getByRole('textbox', { name: 'Personal API token' }).fill(token);
    await this.page.getByRole('button', { name: 'Connect with token' }).click();
    await this.page.getByRole('button', { name: 'Connect with token' }).waitFor();
  }

  /** Opens the page and connects a space with a personal token, waiting until it is connected. */
  async connectSpace(token: string): Promise<void> {
    await this.open();
    await this.connectWithToken(token);
    await this.status.filter({ hasText: /^Connected to / }).waitFor();
  }

  /**
   * Clicks "Sign in" and answers the emulator's consent page, which the browser's identity API
   * opens as a new page, choosing `space` and `decision`.
   */
  async signIn(decision: 'Approve' | 'Deny', space?: string): Promise<void> {
    const consentOpened = this.context.waitForEvent('page');
    await this.page.getByRole('button', { name: 'Sign in', exact: true }).click();
    const consent = await consentOpened;
    await consent.waitForLoadState();
    if (space) await consent.getByLabel('Space').selectOption({ label: space });
    await consent.getByRole('button', { name: decision }).click();
  }

  /** Opens what the disclosure button `name` shows ("Advanced", "Use a personal token"), unless it is open. */
  async openDisclosure(name: string): Promise<void> {
    const toggle = this.page.getByRole('button', { name, exact: true });
    if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  }

  connection(spaceTitle: string): Locator {
    return this.page.getByRole('listitem').filter({ hasText: spaceTitle });
  }
}

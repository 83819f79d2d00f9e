import { readFile } from 'node:fs/promises';
import type { Locator, Page } from '@playwright/test';
import { evaluateIn } from '../send-to-background.ts';
import type { ChosenFile, Control, Key, UiPage } from './driver.ts';

/** A page driven through Playwright's own role and label queries. */
export class PlaywrightUiPage implements UiPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  private locate(control: Control): Locator {
    const exact = typeof control.name === 'string';
    const locator =
      control.role === 'labelled'
        ? this.page.getByLabel(control.name, { exact })
        : this.page.getByRole(control.role, { name: control.name, exact });
    return locator.first();
  }

  async fill(control: Control, value: string): Promise<void> {
    await this.locate(control).fill(value);
  }

  async type(control: Control, text: string, options: { delayMs?: number } = {}): Promise<void> {
    await this.locate(control).pressSequentially(text, { delay: options.delayMs ?? 0 });
  }

  async press(control: Control, key: Key): Promise<void> {
    // A key that closes the page (Escape in the popup) reports the page closing under it.
    await this.locate(control)
      .press(key)
      .catch((error: Error) => {
        if (!this.page.isClosed()) throw error;
      });
  }

  async pressKey(key: Key): Promise<void> {
    await this.page.keyboard.press(key).catch((error: Error) => {
      if (!this.page.isClosed()) throw error;
    });
  }

  async click(control: Control): Promise<void> {
    // A click that closes the page (Approve on the consent page, whose window the identity API
    // closes once it sees the redirect) can report the page closing under it.
    await this.locate(control)
      .click()
      .catch((error: Error) => {
        if (!this.page.isClosed()) throw error;
      });
  }

  async select(control: Control, optionLabel: string): Promise<void> {
    await this.locate(control).selectOption({ label: optionLabel });
  }

  async pickSuggestion(name: string | RegExp): Promise<void> {
    await this.page
      .locator('[role="listbox"]')
      .getByRole('option', { name, exact: typeof name === 'string' })
      .first()
      .click();
  }

  async clickText(text: RegExp): Promise<void> {
    await this.page.getByText(text).first().click();
  }

  async chooseFile(control: Control, file: ChosenFile): Promise<void> {
    await this.locate(control).setInputFiles({
      name: file.name,
      mimeType: 'application/json',
      buffer: Buffer.from(file.text),
    });
  }

  async download(control: Control): Promise<ChosenFile> {
    const started = this.page.waitForEvent('download');
    await this.locate(control).click();
    const download = await started;
    return { name: download.suggestedFilename(), text: await readFile(await download.path(), 'utf8') };
  }

  async waitFor(control: Control): Promise<void> {
    await this.locate(control).waitFor();
  }

  count(control: Control): Promise<number> {
    const exact = typeof control.name === 'string';
    const all =
      control.role === 'labelled'
        ? this.page.getByLabel(control.name, { exact })
        : this.page.getByRole(control.role, { name: control.name, exact });
    return all.count();
  }

  value(control: Control): Promise<string> {
    return this.locate(control).inputValue();
  }

  attribute(control: Control, name: string): Promise<string | null> {
    return this.locate(control).getAttribute(name);
  }

  /** Read from Chromium's own accessibility tree, the one screen readers are given. */
  async description(control: Control): Promise<string> {
    await this.locate(control).waitFor();
    const cdp = await this.page.context().newCDPSession(this.page);
    try {
      const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
      const { nodes } = await cdp.send('Accessibility.queryAXTree', {
        nodeId: root.nodeId,
        ...(typeof control.name === 'string' ? { accessibleName: control.name } : {}),
        ...(control.role === 'labelled' ? {} : { role: control.role }),
      });
      const [node] = nodes.filter((candidate) => !candidate.ignored);
      return String(node?.description?.value ?? '')
        .replace(/\s+/g, ' ')
        .trim();
    } finally {
      await cdp.detach();
    }
  }

  async status(): Promise<string> {
    const region = this.page.getByRole('status').first();
    if ((await region.count()) === 0) return '';
    return ((await region.textContent()) ?? '').replace(/\s+/g, ' ').trim();
  }

  text(): Promise<string> {
    return this.page.locator('body').innerText();
  }

  async listItemText(containing: string): Promise<string> {
    const item = this.page.getByRole('listitem').filter({ hasText: containing }).first();
    return (await item.count()) === 0 ? '' : item.innerText();
  }

  async url(): Promise<string> {
    return this.page.url();
  }

  async screenshot(file: string, options: { fullPage?: boolean } = {}): Promise<void> {
    await this.page.screenshot({ path: file, fullPage: options.fullPage ?? false });
  }

  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return evaluateIn(this.page)(fn, arg);
  }

  async closed(): Promise<void> {
    if (!this.page.isClosed()) await this.page.waitForEvent('close', { timeout: 10_000 });
  }

  async close(): Promise<void> {
    await this.page.close();
  }
}

import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ElementHandle, Page } from 'puppeteer-core';
import { evaluateIn } from '../send-to-background.ts';
import { type ControlQuery, findControls, nameQuery } from './accessible-lookup.ts';
import type { ChosenFile, Control, Key, UiPage } from './driver.ts';

/** How long an action waits for its control to appear (and, for a click, to be enabled). */
const ACTION_TIMEOUT_MS = 10_000;
const POLL_MS = 100;

/** Input types whose value a person picks from a widget rather than types character by character. */
const PICKED_TYPES = ['date', 'time', 'datetime-local', 'month', 'week', 'color', 'range'];

function queryOf(control: Control): ControlQuery {
  return { role: control.role, name: nameQuery(control.name) };
}

function describe(control: Control): string {
  return `${control.role} "${control.name}"`;
}

/**
 * A page driven through puppeteer with the in-page role + name lookup (accessible-lookup.ts):
 * real key presses and clicks over WebDriver BiDi, found the way a person (or Playwright's
 * `getByRole`) finds them.
 */
export class PuppeteerUiPage implements UiPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  private async first(query: ControlQuery): Promise<ElementHandle<Element> | null> {
    const all = await this.page.evaluateHandle(findControls, query);
    const first = await all.evaluateHandle((found) => found[0]);
    await all.dispose();
    return first.asElement() as ElementHandle<Element> | null;
  }

  /** Polls for the first matching control; with `enabled`, until it can also be used. */
  private async find(control: Control, options: { enabled?: boolean } = {}): Promise<ElementHandle<Element>> {
    return this.findQuery(queryOf(control), describe(control), options);
  }

  private async findQuery(
    query: ControlQuery,
    description: string,
    options: { enabled?: boolean } = {},
  ): Promise<ElementHandle<Element>> {
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    for (;;) {
      const element = await this.first(query);
      if (element && (!options.enabled || (await element.evaluate((node) => !(node as HTMLButtonElement).disabled)))) {
        return element;
      }
      await element?.dispose();
      if (Date.now() > deadline) throw new Error(`no ${options.enabled ? 'enabled ' : ''}${description} on the page`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async fill(control: Control, value: string): Promise<void> {
    const element = await this.find(control, { enabled: true });
    const type = await element.evaluate((node) => (node instanceof HTMLInputElement ? node.type : ''));
    if (PICKED_TYPES.includes(type)) {
      // Keys typed into a date field go to its locale's segments; a person's pick sets the value.
      await element.evaluate((node, picked) => {
        const input = node as HTMLInputElement;
        Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(input, picked);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new Event('change', { bubbles: true }));
      }, value);
    } else {
      await element.focus();
      await element.evaluate((node) => (node as HTMLInputElement).select());
      if (value === '') await element.press('Backspace');
      else await element.type(value);
    }
    await element.dispose();
  }

  async type(control: Control, text: string, options: { delayMs?: number } = {}): Promise<void> {
    const element = await this.find(control, { enabled: true });
    await element.type(text, { delay: options.delayMs ?? 0 });
    await element.dispose();
  }

  async press(control: Control, key: Key): Promise<void> {
    const element = await this.find(control);
    // A key that closes the page (Escape in the popup) may leave its own key-up without a page.
    await element.press(key).catch((error: Error) => {
      if (!this.page.isClosed() && !/no such frame|BrowsingContext/.test(error.message)) throw error;
    });
  }

  async pressKey(key: Key): Promise<void> {
    await this.page.keyboard.press(key).catch((error: Error) => {
      if (!this.page.isClosed() && !/no such frame|BrowsingContext/.test(error.message)) throw error;
    });
  }

  /**
   * WebDriver BiDi exposes no accessibility tree: the description is computed in the page as the
   * accessible-name spec computes it from aria-describedby, as accessible-lookup.ts does for names.
   */
  async description(control: Control): Promise<string> {
    const element = await this.find(control);
    const text = await element.evaluate((node) =>
      (node.getAttribute('aria-describedby') ?? '')
        .split(/\s+/)
        .map((id) => (id ? (document.getElementById(id)?.textContent ?? '') : ''))
        .join(' '),
    );
    await element.dispose();
    return text.replace(/\s+/g, ' ').trim();
  }

  async click(control: Control): Promise<void> {
    const element = await this.find(control, { enabled: true });
    // A click that closes the page (Approve on the consent page) may report the page gone under it.
    const closed = await element.click().then(
      () => false,
      (error: Error) => {
        if (!this.page.isClosed() && !/no such frame|BrowsingContext/.test(error.message)) throw error;
        return true;
      },
    );
    if (!closed) await element.dispose();
  }

  async select(control: Control, optionLabel: string): Promise<void> {
    const element = await this.find(control, { enabled: true });
    const value = await element.evaluate(
      (node, label) =>
        [...(node as HTMLSelectElement).options].find((option) => option.label === label || option.text === label)
          ?.value,
      optionLabel,
    );
    if (value === undefined) throw new Error(`${describe(control)} has no option "${optionLabel}"`);
    await (element as ElementHandle<HTMLSelectElement>).select(value);
    await element.dispose();
  }

  async pickSuggestion(name: string | RegExp): Promise<void> {
    const element = await this.findQuery(
      { role: 'option', name: nameQuery(name), inListbox: true },
      `option "${name}"`,
    );
    await element.click();
    await element.dispose();
  }

  async clickText(text: RegExp): Promise<void> {
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    for (;;) {
      const handle = await this.page.evaluateHandle(
        (source, flags) => {
          const pattern = new RegExp(source, flags);
          const textOf = (element: Element) => (element as HTMLElement).innerText?.replace(/\s+/g, ' ').trim() ?? '';
          const matching = [...document.body.querySelectorAll('*')].filter(
            (element) => (element as HTMLElement).checkVisibility() && pattern.test(textOf(element)),
          );
          // The innermost: no matching element inside it.
          return matching.find((element) => !matching.some((other) => other !== element && element.contains(other)));
        },
        text.source,
        text.flags,
      );
      const element = handle.asElement() as ElementHandle<Element> | null;
      if (element) {
        await element.click();
        await element.dispose();
        return;
      }
      if (Date.now() > deadline) throw new Error(`no text ${text} on the page`);
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async chooseFile(control: Control, file: ChosenFile): Promise<void> {
    // WebDriver BiDi's input.setFiles takes paths on this machine: the file is written first.
    const path = join(await mkdtemp(join(tmpdir(), 'space-clipper-file-')), file.name);
    await writeFile(path, file.text);
    const element = (await this.find(control, { enabled: true })) as ElementHandle<HTMLInputElement>;
    await element.uploadFile(path);
    await element.dispose();
  }

  async download(control: Control): Promise<ChosenFile> {
    const element = await this.find(control, { enabled: true });
    const saved = await element.evaluate(async (node) => {
      const link = node as HTMLAnchorElement;
      return { name: link.getAttribute('download') ?? '', text: await (await fetch(link.href)).text() };
    });
    await element.dispose();
    return saved;
  }

  async waitFor(control: Control): Promise<void> {
    await (await this.find(control)).dispose();
  }

  async count(control: Control): Promise<number> {
    const all = await this.page.evaluateHandle(findControls, queryOf(control));
    const length = await all.evaluate((found) => found.length);
    await all.dispose();
    return length;
  }

  async value(control: Control): Promise<string> {
    const element = await this.find(control);
    const value = await element.evaluate((node) => (node as HTMLInputElement).value);
    await element.dispose();
    return value;
  }

  async attribute(control: Control, name: string): Promise<string | null> {
    const element = await this.find(control);
    const value = await element.evaluate((node, attribute) => node.getAttribute(attribute), name);
    await element.dispose();
    return value;
  }

  async status(): Promise<string> {
    const region = await this.first({ role: 'status', name: { source: '', flags: '' } });
    if (!region) return '';
    const text = await region.evaluate((node) => node.textContent?.replace(/\s+/g, ' ').trim() ?? '');
    await region.dispose();
    return text;
  }

  text(): Promise<string> {
    return this.page.evaluate(() => document.body.innerText);
  }

  listItemText(containing: string): Promise<string> {
    return this.page.evaluate(
      (wanted) =>
        [...document.querySelectorAll('li, [role="listitem"]')]
          .map((item) => (item as HTMLElement).innerText)
          .find((text) => text.includes(wanted)) ?? '',
      containing,
    );
  }

  url(): Promise<string> {
    return this.page.evaluate(() => location.href);
  }

  async screenshot(file: string, options: { fullPage?: boolean } = {}): Promise<void> {
    await this.page.screenshot({ path: file as `${string}.png`, fullPage: options.fullPage ?? false });
  }

  evaluate<A, R>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R> {
    return evaluateIn(this.page)(fn, arg);
  }

  async closed(): Promise<void> {
    // A tab that closes itself (window.close) is not always reported as a close event over BiDi.
    const deadline = Date.now() + ACTION_TIMEOUT_MS;
    while (!this.page.isClosed() && (await this.page.evaluate(() => true).catch(() => false))) {
      if (Date.now() > deadline) throw new Error('the page did not close');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  }

  async close(): Promise<void> {
    if (!this.page.isClosed()) await this.page.close();
  }
}

/**
 * Lays screenshots of the real extension out as store images, in a plain headless Chromium (no
 * extension): a page with the toolbar popup over it, each at its real size and pixel for pixel, and
 * the promo tile. Every image comes out at the exact size asked for, as 24-bit PNG without alpha
 * (what the Chrome Web Store takes), which `assertOpaquePng` checks of each file written.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { type Browser, chromium, type Page } from '@playwright/test';
import { CHROMIUM_PATH, ROOT } from './extension-browser.ts';
import { assertOpaquePng, parsePngHeader } from './png-header.ts';

export interface Size {
  width: number;
  height: number;
}

export type Theme = 'light' | 'dark';

/** Where the toolbar popup opens, from the page's top right corner, and how it stands out. */
const POPUP_OFFSET = { top: 8, right: 16 };
const POPUP_FRAME: Record<Theme, string> = {
  light: 'box-shadow: 0 0 0 1px rgb(0 0 0 / 0.18), 0 8px 28px rgb(0 0 0 / 0.28);',
  dark: 'box-shadow: 0 0 0 1px rgb(255 255 255 / 0.16), 0 8px 28px rgb(0 0 0 / 0.55);',
};

/** A screenshot laid out as taken must have the size the layout gives it, or it would be cut or padded. */
async function assertSize(file: string, size: Size): Promise<void> {
  const { width, height } = parsePngHeader(await readFile(file));
  if (width !== size.width || height !== size.height) {
    throw new Error(`${file} is ${width}×${height}, not the ${size.width}×${size.height} it is laid out at`);
  }
}

async function dataUrl(file: string): Promise<string> {
  return `data:image/png;base64,${(await readFile(file)).toString('base64')}`;
}

export class ScreenshotCompositor {
  private readonly browser: Browser;
  private readonly page: Page;

  private constructor(browser: Browser, page: Page) {
    this.browser = browser;
    this.page = page;
  }

  static async start(): Promise<ScreenshotCompositor> {
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
    });
    return new ScreenshotCompositor(browser, await browser.newPage({ deviceScaleFactor: 1 }));
  }

  /** Renders `html` (which loads nothing from the network) at `size` into `out`. */
  private async render(out: string, size: Size, html: string): Promise<void> {
    await this.page.setViewportSize(size);
    await this.page.setContent(
      `<!doctype html><html><head><style>html,body{margin:0;width:${size.width}px;height:${size.height}px;overflow:hidden;background:#fff}</style></head><body>${html}</body></html>`,
    );
    await this.page.evaluate(() => Promise.all([...document.images].map((image) => image.decode())));
    await this.page.screenshot({ path: out, omitBackground: false });
    await assertOpaquePng(out, size);
  }

  /** A screenshot exactly as taken (the size it must already have), written again as 24-bit PNG. */
  async asIs(out: string, screenshot: string, size: Size): Promise<void> {
    await assertSize(screenshot, size);
    await this.render(out, size, `<img src="${await dataUrl(screenshot)}" style="display:block">`);
  }

  /**
   * The screenshot of a whole page with the popup's screenshot over it, where the toolbar popup
   * opens: both at their real size, the popup cut to `popupSize` (as tall as its content, at most
   * what the browser allows a popup).
   */
  async popupOverPage(
    out: string,
    shots: { page: string; popup: string; popupSize: Size; theme: Theme },
    size: Size,
  ): Promise<void> {
    const { popupSize } = shots;
    await assertSize(shots.page, size);
    const popupShot = parsePngHeader(await readFile(shots.popup));
    if (popupShot.width !== popupSize.width || popupShot.height < popupSize.height) {
      throw new Error(`${shots.popup} is ${popupShot.width}×${popupShot.height}, smaller than the popup it shows`);
    }
    await this.render(
      out,
      size,
      `<img src="${await dataUrl(shots.page)}" style="display:block">
       <div style="position:absolute;top:${POPUP_OFFSET.top}px;right:${POPUP_OFFSET.right}px;width:${popupSize.width}px;height:${popupSize.height}px;overflow:hidden;border-radius:8px;${POPUP_FRAME[shots.theme]}">
         <img src="${await dataUrl(shots.popup)}" style="display:block">
       </div>`,
    );
  }

  /** Chrome's small promo tile: the extension's icon, name and what it does, on its own colour. */
  async promoTile(out: string, text: { name: string; tagline: string }, size: Size): Promise<void> {
    const icon = await readFile(path.join(ROOT, 'assets', 'icon.svg'), 'utf8');
    const asHtml = (value: string) => value.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
    await this.render(
      out,
      size,
      `<div style="box-sizing:border-box;width:100%;height:100%;display:flex;align-items:center;gap:24px;padding:0 32px;background:linear-gradient(135deg,#1e1b4b,#3b2f8f);color:#fff;font-family:system-ui,sans-serif">
         <div style="flex:none;width:104px;height:104px">${icon.replace('<svg', '<svg width="104" height="104"')}</div>
         <div style="white-space:nowrap">
           <div style="font-size:31px;font-weight:700;line-height:1.1">${asHtml(text.name)}</div>
           <div style="margin-top:10px;font-size:19px;line-height:1.3;opacity:0.92">${asHtml(text.tagline)}</div>
         </div>
       </div>`,
    );
  }

  async close(): Promise<void> {
    await this.browser.close();
  }
}

/**
 * Renders assets/icon.svg into the PNG sizes the stores and browsers ask for
 * (16, 32, 48, 96, 128) under public/icon/. Run after changing the SVG:
 *   node scripts/render-icons.ts
 */
import { readFile } from 'node:fs/promises';
import { chromium } from 'playwright-core';

const SIZES = [16, 32, 48, 96, 128];
const svg = await readFile(new URL('../assets/icon.svg', import.meta.url), 'utf8');
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox'],
});
const page = await browser.newPage();
for (const size of SIZES) {
  await page.setViewportSize({ width: size, height: size });
  await page.setContent(
    `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${svg}`,
  );
  await page.screenshot({
    path: new URL(`../public/icon/${size}.png`, import.meta.url).pathname,
    omitBackground: true,
  });
}
await browser.close();

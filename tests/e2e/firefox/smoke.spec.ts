import { expect, test } from '@playwright/test';
import { type FirefoxWithExtension, launchFirefoxWithExtension } from './firefox-harness';

let firefox: FirefoxWithExtension;

test.beforeAll(async () => {
  firefox = await launchFirefoxWithExtension();
});

test.afterAll(async () => {
  await firefox?.close();
});

test('Firefox ESR installs the extension, which opens its options page and reaches its background', async () => {
  const options = await firefox.extensionPage('/options.html');
  await options.waitForSelector('h1');
  expect(await options.$eval('h1', (h1) => h1.textContent)).toContain('Space Clipper');
  const answer = await options.evaluate(() =>
    browser.runtime.sendMessage({ id: 1, type: 'ping', timestamp: Date.now() }),
  );
  expect(answer).toEqual({ res: { version: expect.stringMatching(/^\d+\.\d+\.\d+$/) } });
});

import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { expect, test } from '../fixtures';
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
  expect(answer).toEqual({ res: { version: expect.stringMatching(/^\d+\.\d+\.\d+$/), startedAt: expect.any(Number) } });
});

test('Firefox ESR connects a space with a personal token', async ({ emulator }) => {
  emulator.reset();
  const options = await firefox.extensionPage('/options.html');
  // ARIA selectors are not available over WebDriver BiDi; these are the same two controls.
  await options.type('.token-form input[type="password"]', DEMO_TOKENS.demo);
  await options.click('.token-form button[type="submit"]');
  await options.waitForFunction(
    () => document.querySelector('[role="status"]')?.textContent === 'Connected to Demo space.',
  );
  expect(await options.$eval('.connection-list', (list) => list.textContent)).toContain('Connected to Demo space');
});

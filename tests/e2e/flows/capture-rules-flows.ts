import { expect } from '@playwright/test';
import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, heading, labelled, link, type UiPage } from '../driver/driver';
import { defineFlow, EVERYWHERE } from './flow';
import { connectSpace } from './steps';

/** The options page's "Capture rules" (issue #24): rules leave as a file and come back from one. */

const FILE_NAME = 'space-clipper-rules.json';

/** The rule names the list shows, in order (each rule is a list item headed by its name). */
function ruleNames(options: UiPage): Promise<string[]> {
  return options.evaluate(
    () =>
      [...document.querySelectorAll('section[aria-labelledby="capture-rules-heading"] li h3')].map(
        (heading) => heading.textContent ?? '',
      ),
    undefined,
  );
}

export const captureRulesFlows = [
  defineFlow(
    'capture rules are exported to a file that imports them again, after the rules were cleared',
    async ({ driver, pagesUrl }) => {
      const fixture = await (await fetch(`${pagesUrl}/capture/rules.json`)).text();
      const options = await connectSpace(driver, DEMO_TOKENS.demo);
      await options.waitFor(heading('Capture rules'));
      await options.waitFor(button('Add a blank rule'));

      await options.chooseFile(labelled('Import rules'), { name: 'rules.json', text: fixture });
      await expect.poll(() => options.status()).toBe('Rules imported: 3.');
      await expect.poll(() => ruleNames(options)).toEqual(['Paper', 'Recipe', 'Article']);
      // Found by title in this space, whose Paper type has an id of its own.
      await expect.poll(() => options.text()).toContain('Saves as: Paper');

      const exported = await options.download(link('Export rules'));
      expect(exported.name).toBe(FILE_NAME);
      // The same rules as the file they came from, every field included.
      expect(JSON.parse(exported.text)).toEqual(JSON.parse(fixture));

      // Cleared, as in a fresh profile: the background keeps no rule, the page shows none.
      const [connection] = (await driver.sendToBackground('getConnections')).connections;
      const spaceId = connection?.spaceId ?? '';
      await driver.sendToBackground('saveCaptureRules', { spaceId, file: { version: 1, rules: [] } });
      await driver.closeOptionsPages();
      const cleared = await driver.options();
      await cleared.waitFor(button('Add a blank rule'));
      await expect.poll(() => cleared.text()).toContain('No rules yet.');

      await cleared.chooseFile(labelled('Import rules'), { name: FILE_NAME, text: exported.text });
      await expect.poll(() => ruleNames(cleared)).toEqual(['Paper', 'Recipe', 'Article']);
      // Kept: the background has them, and a new options page shows them.
      await expect
        .poll(async () => (await driver.sendToBackground('getCaptureRules', { spaceId })).rules)
        .toEqual(JSON.parse(fixture).rules);
      await driver.closeOptionsPages();
      const reopened = await driver.options();
      await expect.poll(() => ruleNames(reopened)).toEqual(['Paper', 'Recipe', 'Article']);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow('a rules file with a wrong field is refused at Import rules, naming the field', async ({ driver }) => {
    const options = await connectSpace(driver, DEMO_TOKENS.demo);
    await options.waitFor(button('Add a blank rule'));
    const wrong = { version: 1, rules: [{ name: 'Broken', enabled: 'yes', match: {}, target: { kind: 'weblink' } }] };
    await options.chooseFile(labelled('Import rules'), { name: 'wrong.json', text: JSON.stringify(wrong) });
    await expect.poll(() => options.text()).toContain('First problem: rules[0].enabled: expected boolean');
    expect(await ruleNames(options)).toEqual([]);
  }),
];

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { RulesFile } from '../../../lib/capture/rules-schema.ts';
import { DEMO, DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, combobox, type Driver, labelled, option } from '../driver/driver';
import { type EmulatorAccess, entityIdsOf, markdownOf, objectsIn } from '../emulator-client';
import { tagVocabularyTitles } from './extension-state';
import { defineFlow, EVERYWHERE } from './flow';
import { connectSpace, lastLogSeq, onlyWeblinkOf, openArticle, openPopupFor, tabInfo, today } from './steps';

/** Capture rules (issue #24): a page saved as a type of the space, linked to its people, tagged from the space. */

const PAPER_TITLE = 'Notes on the Analytical Engine';

/** tests/fixtures/capture/rules.json (Paper, Recipe, Article), kept for the space as the options page keeps it. */
async function seedRules(driver: Driver): Promise<void> {
  const file = JSON.parse(
    readFileSync(path.resolve(import.meta.dirname, '../../fixtures/capture/rules.json'), 'utf8'),
  ) as RulesFile;
  await driver.sendToBackground('saveCaptureRules', { spaceId: DEMO.spaceId, file });
}

async function peopleTitled(emulator: EmulatorAccess, title: string) {
  return (await objectsIn(emulator, DEMO.spaceId, DEMO.structures.person)).filter((person) => person.title === title);
}

async function papers(emulator: EmulatorAccess) {
  return (await objectsIn(emulator, DEMO.spaceId, DEMO.structures.paper)).filter(
    (paper) => paper.title === PAPER_TITLE,
  );
}

/**
 * The tag searches the emulator answered after `seq`. (The popup's one search on opening a page is
 * another: the title search for the page saved already, entrypoints/popup/queries.ts.)
 */
async function tagSearchesSince(emulator: EmulatorAccess, seq: number) {
  return (await emulator.log(seq)).filter((entry) => entry.searchTypes?.includes('RootTag'));
}

/** The page a day before today, as the date field writes it. */
const yesterday = () => new Date(Date.now() - 86_400_000).toLocaleDateString('sv');

export const captureFlows = [
  defineFlow(
    'capture rules: a paper saved by the Paper rule, its Journal edited, links its existing author and two confirmed new ones; again, no person twice',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await seedRules(driver);
      const page = await driver.openPage(`${pagesUrl}/capture/paper.html`);

      const popup = await driver.popup(page);
      // The capture reader runs twice here (again once the page's title is read): each run takes
      // its own request (lib/page-request.ts), so the rule is named whichever order they answer in.
      await expect.poll(() => popup.text()).toContain('Rule: Paper');
      await popup.waitFor(button('Create Person “Grace Hopper”'));
      await popup.waitFor(button('Create Person “Charles Babbage”'));
      expect(await popup.count(button('Create Person “Ada Lovelace”'))).toBe(0);
      await popup.click(button('Create Person “Grace Hopper”'));
      await popup.click(button('Create Person “Charles Babbage”'));
      // The Paper's own fields, prefilled by the rule, are the person's to change before saving.
      await popup.clickText(/^Properties/);
      await expect.poll(() => popup.value(labelled('Journal'))).toBe('Journal of Computing History');
      await popup.fill(labelled('Journal'), 'Annals of Computing History');
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');

      const [grace] = await peopleTitled(emulator, 'Grace Hopper');
      const [charles] = await peopleTitled(emulator, 'Charles Babbage');
      const [paper, ...more] = await papers(emulator);
      expect(more).toEqual([]);
      expect(JSON.stringify(paper?.properties[DEMO.properties.paper.journal])).toContain('Annals of Computing History');
      expect(entityIdsOf(paper as never, DEMO.properties.paper.authors)).toEqual([
        DEMO.people.ada,
        grace?.id,
        charles?.id,
      ]);
      await popup.close();

      // Saved again: every author is found now, so nothing is offered for creation or created.
      const again = await driver.popup(page);
      await expect.poll(() => again.text()).toContain('Rule: Paper');
      await expect.poll(() => again.text()).toContain('Charles Babbage');
      expect(await again.count(button(/^Create Person/))).toBe(0);
      await again.click(button('Save page'));
      await expect.poll(() => again.status()).toBe('Saved');
      expect(await papers(emulator)).toHaveLength(2);
      for (const name of ['Ada Lovelace', 'Grace Hopper', 'Charles Babbage']) {
        expect(await peopleTitled(emulator, name), name).toHaveLength(1);
      }
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'capture rules: a recipe page saved by the context menu\'s "Save page" becomes one Recipe by the Recipe rule',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      await seedRules(driver);
      const url = `${pagesUrl}/capture/recipe.html`;
      const page = await driver.openPage(url);
      await driver.callBackgroundHook('onMenuClicked', [{ menuItemId: 'save-page' }, tabInfo(page)]);

      const recipes = async () =>
        (await objectsIn(emulator, DEMO.spaceId, DEMO.structures.recipe)).filter((recipe) =>
          Object.values(recipe.properties).some((value) => (value as { url?: { value?: string } }).url?.value === url),
        );
      await expect.poll(async () => (await recipes()).length).toBe(1);
      const [recipe] = await recipes();
      expect(recipe?.title).toMatch(/Lentil Soup/);
      expect(JSON.stringify(recipe?.properties[DEMO.properties.recipe.ingredients])).toMatch(/200 g red lentils/);
      expect(await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).not.toContainEqual(
        expect.objectContaining({ title: recipe?.title }),
      );
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'suggested tags: a page about "javascript" suggests the existing "JavaScript" an earlier popup\'s tag box found, with no request of its own; the weblink gets it',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      // Earlier, on another page, the person looked for "java" in the tag box and took nothing.
      const earlier = await openPopupFor(driver, await openArticle(driver, pagesUrl));
      await earlier.fill(combobox('Tags'), 'java');
      await earlier.waitFor(option('JavaScript'));
      // The popup keeps what the search found a moment after showing it; closed sooner, it might not.
      await expect.poll(() => tagVocabularyTitles(driver, DEMO.spaceId)).toContain('JavaScript');
      await earlier.close();

      const url = `${pagesUrl}/capture/javascript.html`;
      const page = await driver.openPage(url);
      const before = await lastLogSeq(emulator);
      const popup = await driver.popup(page);
      await popup.waitFor(button('JavaScript'));
      // Suggesting asked the service nothing: no tag search went out before the person typed.
      expect(await tagSearchesSince(emulator, before)).toEqual([]);
      await popup.click(button('JavaScript'));
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');

      const weblinks = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter(
        (object) => (object.properties.url as { url?: { value?: string } } | undefined)?.url?.value === url,
      );
      expect(weblinks).toHaveLength(1);
      expect(entityIdsOf(weblinks[0] as never, 'tags')).toEqual([DEMO.tags.javascript]);
      const javascriptTags = (await objectsIn(emulator, DEMO.spaceId, 'RootTag')).filter((tag) =>
        /^javascript$/i.test(tag.title),
      );
      expect(javascriptTags).toHaveLength(1);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    'suggested tags: a tag created in an earlier clip, "Closures", is suggested for a page about closures with no request of its own, and not created twice',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const earlier = await openPopupFor(driver, await openArticle(driver, pagesUrl));
      await earlier.fill(combobox('Tags'), 'Closures');
      await earlier.pickSuggestion('Create tag "Closures"');
      await earlier.click(button('Save page'));
      await expect.poll(() => earlier.status()).toBe('Saved');
      // The popup learns the new tag's id from the saved weblink it then shows.
      await expect.poll(() => tagVocabularyTitles(driver, DEMO.spaceId)).toContain('Closures');
      await earlier.close();
      const closures = (await objectsIn(emulator, DEMO.spaceId, 'RootTag')).filter((tag) => tag.title === 'Closures');
      expect(closures).toHaveLength(1);

      const url = `${pagesUrl}/capture/javascript.html`;
      const page = await driver.openPage(url);
      const before = await lastLogSeq(emulator);
      const popup = await driver.popup(page);
      await popup.click(button('Closures'));
      expect(await tagSearchesSince(emulator, before)).toEqual([]);
      await popup.click(button('Save page'));
      await expect.poll(() => popup.status()).toBe('Saved');
      expect(entityIdsOf(await onlyWeblinkOf(emulator, url), 'tags')).toEqual([closures[0]?.id]);
      expect(
        (await objectsIn(emulator, DEMO.spaceId, 'RootTag')).filter((tag) => tag.title === 'Closures'),
      ).toHaveLength(1);
    },
    { runs: EVERYWHERE },
  ),

  defineFlow(
    '"Daily note day": a selection added to yesterday\'s daily note lands there, not in today\'s',
    async ({ driver, emulator, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const page = await driver.openPage(`${pagesUrl}/article.html`);
      await page.selectContents('#intro');
      const popup = await driver.popup(page);
      await popup.fill(labelled('Daily note day'), yesterday());
      await popup.click(button('Add to daily note'));
      await expect.poll(() => popup.status()).toBe('Saved');

      await emulator.waitForDailyNotes();
      const notes = await objectsIn(emulator, DEMO.spaceId, 'RootDailyNote');
      const note = notes.find((object) => object.title === yesterday());
      expect(await markdownOf(emulator, note?.id ?? '', DEMO_TOKENS.demo)).toContain('A starter is a');
      const todays = notes.find((object) => object.title === today());
      if (todays) expect(await markdownOf(emulator, todays.id, DEMO_TOKENS.demo)).not.toContain('A starter is a');
    },
    { runs: EVERYWHERE },
  ),
];

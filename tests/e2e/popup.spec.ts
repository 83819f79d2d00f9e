import AxeBuilder from '@axe-core/playwright';
import { DEMO, DEMO_TOKENS, RESEARCH, researchTagTitle } from '../emulator/seed.ts';
import { entityIdsOf, markdownOf, objectsIn, requestLog, urlOf } from './emulator-client';
import { expect, test } from './fixtures';
import { openArticle } from './steps';

test.describe('saving a page from the popup', () => {
  test('the whole form: title, tags, collection, properties, notes → Saved, and the space holds it', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    const page = popup.page;

    await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
    await popup.addTag('read', 'Reading');
    await popup.tags.fill('Sourdough');
    await popup.tagOption('Create tag "Sourdough"').click();
    await page.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Reading list' });
    await page.getByText(/^Properties/).click();
    await page.getByRole('combobox', { name: 'Status' }).selectOption({ label: 'Reading' });
    await page.getByLabel('Read on').fill('2026-03-15');
    await popup.notes.fill('Feed it **twice** a day.');
    await popup.savePage.click();
    await expect(popup.status).toHaveText('Saved');

    const weblinks = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter(
      (object) => urlOf(object) === article.url(),
    );
    expect(weblinks).toHaveLength(1);
    const [weblink] = weblinks;
    expect(weblink?.title).toBe('Keeping Bread Starters Alive');
    expect(weblink?.collections).toEqual([DEMO.collections.readingList]);
    const sourdough = (await objectsIn(emulator, DEMO.spaceId, 'RootTag')).filter((tag) => tag.title === 'Sourdough');
    expect(sourdough).toHaveLength(1);
    expect(entityIdsOf(weblink as never, 'tags').sort()).toEqual([DEMO.tags.reading, sourdough[0]?.id].sort());
    expect(weblink?.properties[DEMO.properties.weblink.status]).toMatchObject({
      label: [{ id: DEMO.labels.weblinkStatus.reading }],
    });
    expect(weblink?.properties[DEMO.properties.weblink.readOn]).toMatchObject({
      date: { start: '2026-03-15T00:00:00.000Z' },
    });
    expect(await markdownOf(emulator, weblink?.id as string, DEMO_TOKENS.demo)).toContain('Feed it **twice** a day.');
  });

  test('Enter in the title saves, with exactly one API request', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
    await expect(popup.page.getByText(/^Properties \(\d+\)/)).toBeVisible();
    const before = (await requestLog(emulator)).length;
    await popup.title.press('Enter');
    await expect(popup.status).toHaveText('Saved');
    const during = (await requestLog(emulator)).slice(before);
    expect(during.map((entry) => `${entry.method} ${entry.path}`)).toEqual(['POST /object/url']);
  });

  test('the popup closed right after Save still saves, and a second open says "already saved"', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
    await popup.savePage.click();
    await popup.page.close();

    await expect
      .poll(async () =>
        (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).some(
          (object) => object.title === 'Keeping Bread Starters Alive',
        ),
      )
      .toBe(true);

    await popup.open(article);
    await expect(popup.page.getByText(/Already in your space as “Keeping Bread Starters Alive”/)).toBeVisible();
    // …and the popup's history lists it.
    await popup.page.getByText('Recently saved').click();
    await expect(popup.page.getByRole('link', { name: 'Keeping Bread Starters Alive' })).toBeVisible();
  });

  test('the next clip starts from the last collection and the pinned tags; Escape closes the popup', async ({
    context,
    options,
    popup,
    pages,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await popup.addTag('read', 'Reading');
    await popup.page.getByRole('button', { name: 'Pin tag Reading' }).click();
    await popup.page.getByRole('combobox', { name: 'Collection' }).selectOption({ label: 'Research' });
    await popup.savePage.click();
    await expect(popup.status).toHaveText('Saved');
    await popup.page.close();

    await popup.open(article);
    await expect(popup.page.getByRole('combobox', { name: 'Collection' })).toHaveValue(DEMO.collections.research);
    await expect(popup.page.getByRole('button', { name: 'Unpin tag Reading' })).toBeVisible();
    const closed = popup.page.waitForEvent('close');
    // The key press itself reports the page closing under it; the close event is what counts.
    await popup.title.press('Escape').catch(() => undefined);
    await closed;
  });

  test('with two spaces connected, the space switcher picks where the clip goes', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    await options.connectWithToken(DEMO_TOKENS.research);
    await expect(options.status).toHaveText('Connected to Research space.');
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await expect(popup.page.getByRole('heading', { level: 1 })).toHaveText('Clip to Demo space');
    await popup.page.getByRole('combobox', { name: 'Space' }).selectOption({ label: 'Research space' });
    await expect(popup.page.getByRole('heading', { level: 1 })).toHaveText('Clip to Research space');
    await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
    await popup.savePage.click();
    await expect(popup.status).toHaveText('Saved');
    const inResearch = await objectsIn(emulator, RESEARCH.spaceId, 'MediaWebResource');
    expect(inResearch.filter((object) => urlOf(object) === article.url())).toHaveLength(1);
    const inDemo = await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource');
    expect(inDemo.filter((object) => urlOf(object) === article.url())).toHaveLength(0);
  });

  test('with 2,500 tags the first suggestion appears after one search request', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.research);
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
    const before = (await requestLog(emulator)).length;
    const wanted = researchTagTitle(2042);
    await popup.tags.pressSequentially(wanted, { delay: 15 });
    await expect(popup.tagOption(wanted)).toBeVisible();
    const during = (await requestLog(emulator)).slice(before);
    expect(during.filter((entry) => entry.path === '/objects/search')).toHaveLength(1);
    // Suggestions come from search alone: no listing of the space's tags page by page.
    expect(during.filter((entry) => entry.path.startsWith('/objects/') && entry.path !== '/objects/search')).toEqual(
      [],
    );
  });

  test('invalid property values are refused at the field before anything is sent', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await popup.page.getByText(/^Properties/).click();
    await popup.page.getByRole('textbox', { name: 'Rating' }).fill('five');
    const before = (await requestLog(emulator)).length;
    await popup.savePage.click();
    await expect(popup.status).toHaveText('Check the highlighted fields.');
    await expect(popup.page.getByRole('textbox', { name: 'Rating' })).toHaveAttribute('aria-invalid', 'true');
    expect((await requestLog(emulator)).length).toBe(before);
  });

  test("a server refusal shows the server's message", async ({ context, options, popup, pages, emulator }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    await fetch(`${emulator.url}/__emulator/faults`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        path: '/object/url',
        status: 400,
        body: JSON.stringify({ error: { code: 'cap_invalid_input', message: 'The URL is on a blocklist' } }),
        contentType: 'application/json',
        times: 1,
      }),
    });
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
    await popup.savePage.click();
    await expect(popup.status).toHaveText('The workspace refused it: The URL is on a blocklist');
  });

  test('not connected: the popup offers the settings', async ({ popup, context }) => {
    // The onboarding tab would be focused instead of a new one being opened.
    for (const page of context.pages()) if (page.url().endsWith('/options.html')) await page.close();
    await popup.open();
    await expect(popup.page.getByText('Connect a space to start clipping.')).toBeVisible();
    const opened = context.waitForEvent('page');
    await popup.page.getByRole('button', { name: 'Open settings' }).click();
    expect((await opened).url()).toContain('/options.html');
  });

  test('a PDF cannot be read but can still be saved by address and title', async ({
    context,
    options,
    popup,
    pages,
    emulator,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const pdf = await context.newPage();
    await pdf.goto(`${pages.url}/paper.pdf`);
    await popup.open(pdf);
    await expect(popup.page.getByText(/This PDF is shown by the browser's viewer/)).toBeVisible();
    await expect(popup.title).not.toHaveValue('');
    await popup.savePage.click();
    await expect(popup.status).toHaveText('Saved');
    const saved = (await objectsIn(emulator, DEMO.spaceId, 'MediaWebResource')).filter(
      (object) => urlOf(object) === `${pages.url}/paper.pdf`,
    );
    expect(saved).toHaveLength(1);
  });

  test('the popup and the options page have no accessibility violations', async ({
    context,
    options,
    popup,
    pages,
  }) => {
    await options.connectSpace(DEMO_TOKENS.demo);
    const optionsResults = await new AxeBuilder({ page: options.page }).analyze();
    expect(optionsResults.violations).toEqual([]);
    const article = await openArticle(context, pages.url);
    await popup.open(article);
    await expect(popup.title).toHaveValue('Keeping Bread Starters Alive');
    await popup.page.getByText(/^Properties/).click();
    const popupResults = await new AxeBuilder({ page: popup.page }).analyze();
    expect(popupResults.violations).toEqual([]);
    await popup.page.emulateMedia({ colorScheme: 'dark' });
    const darkResults = await new AxeBuilder({ page: popup.page }).analyze();
    expect(darkResults.violations).toEqual([]);
  });
});

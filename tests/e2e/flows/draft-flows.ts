import { expect } from '@playwright/test';
import { DEMO_TOKENS } from '../../emulator/seed.ts';
import { button, textbox } from '../driver/driver';
import { defineFlow } from './flow';
import { connectSpace, openArticle, openPopupFor } from './steps';

/** A draft in the popup is never lost: closing the popup keeps it for its tab until it is saved. */

const NOTES = 'Feed it twice a day; keep the jar warm.';

export const draftFlows = [
  defineFlow(
    'notes typed, Escape pressed twice, the popup reopened on the same tab: the notes are there',
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await popup.fill(textbox('Notes'), NOTES);
      const closed = popup.closed();
      await popup.press(textbox('Notes'), 'Escape');
      // The first Escape only left the box: the popup is still open.
      expect(await popup.value(textbox('Notes'))).toBe(NOTES);
      await popup.pressKey('Escape');
      await closed;

      const again = await openPopupFor(driver, article);
      expect(await again.value(textbox('Notes'))).toBe(NOTES);
    },
  ),

  defineFlow(
    'notes typed, the popup closed by clicking the page, reopened on the same tab: the notes are there',
    async ({ driver, pagesUrl }) => {
      await connectSpace(driver, DEMO_TOKENS.demo);
      const article = await openArticle(driver, pagesUrl);
      const popup = await openPopupFor(driver, article);
      await popup.fill(textbox('Notes'), NOTES);
      // The drivers open the popup as a tab. A click on the page moves the focus there and the browser
      // closes a real popup at once; here the page's tab takes the focus and the popup's tab is closed
      // right after, as other flows close a popup (popup.close) and reopen it on the same tab.
      await article.focus();
      await popup.close();

      const again = await openPopupFor(driver, article);
      expect(await again.value(textbox('Notes'))).toBe(NOTES);
      // Once saved, the draft is gone: the next clip of the page starts from the page again.
      await again.click(button('Save page'));
      await expect.poll(() => again.status()).toBe('Saved');
      await again.close();
      const third = await openPopupFor(driver, article);
      expect(await third.value(textbox('Notes'))).toBe('');
    },
  ),
];

import { onMessage } from '@/lib/messaging';

export default defineBackground(() => {
  onMessage('ping', () => ({ version: browser.runtime.getManifest().version }));

  browser.runtime.onInstalled.addListener(({ reason }) => {
    // A new install has no space connected yet: the options page is where that happens.
    if (reason === 'install') void browser.runtime.openOptionsPage();
  });
});

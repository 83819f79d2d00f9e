import { browser } from 'wxt/browser';

/** A system notification with the extension's icon. Failures to notify are not errors of the clip. */
export async function showNotification(id: string, title: string, message: string): Promise<void> {
  try {
    await browser.notifications.create(id, {
      type: 'basic',
      iconUrl: browser.runtime.getURL('/icon/128.png'),
      title,
      message: message.slice(0, 300),
    });
  } catch {
    // Notifications can be turned off for the browser; the badge still tells.
  }
}

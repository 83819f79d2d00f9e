import { browser } from 'wxt/browser';
import { t } from '@/lib/i18n';

/**
 * The tab's icon, from what the browser itself already holds, never by fetching an address the page
 * chose (a page could name a tracker that counts every popup open, or a plain-http address). Chrome
 * serves it from its favicon cache (`_favicon/`, the `favicon` permission); Firefox offers no such
 * service, so only an icon it already hands over inline is shown, and otherwise none.
 */
export function tabIcon(pageUrl: string, tabIconUrl: string | undefined, chrome: boolean): string | undefined {
  if (chrome) {
    if (!/^https?:/.test(pageUrl)) return undefined;
    // Not a file of the package, so not among WXT's typed public paths.
    const icon = new URL('/_favicon/', browser.runtime.getURL('/'));
    icon.searchParams.set('pageUrl', pageUrl);
    icon.searchParams.set('size', '32');
    return icon.href;
  }
  return tabIconUrl?.startsWith('data:image/') ? tabIconUrl : undefined;
}

/** The address the clip is of, with the tab's icon. */
export function PageLine({ url, iconUrl }: { url: string; iconUrl: string | undefined }) {
  const favicon = tabIcon(url, iconUrl, import.meta.env.BROWSER === 'chrome');
  return (
    <div className="page-line">
      {favicon && <img className="favicon" src={favicon} alt="" width="16" height="16" />}
      <span className="page-url" title={url}>
        <span className="visually-hidden">{t('pageAddress')}: </span>
        {url}
      </span>
    </div>
  );
}

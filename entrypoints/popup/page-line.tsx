import { t } from '@/lib/i18n';

/**
 * The tab's icon as the browser already loaded it, and only over https or inline: an address a
 * page names itself could make the popup call a tracker, or send a request in clear text.
 */
export function displayableIcon(url: string | undefined): string | undefined {
  return url?.startsWith('https:') || url?.startsWith('data:image/') ? url : undefined;
}

/** The address the clip is of, with the tab's icon. */
export function PageLine({ url, iconUrl }: { url: string; iconUrl: string | undefined }) {
  const favicon = displayableIcon(iconUrl);
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

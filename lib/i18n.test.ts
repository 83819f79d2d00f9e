import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { setPageLanguage, t } from './i18n';

describe('the pages’ language', () => {
  it('is the language of the messages shown, not the browser’s', () => {
    document.documentElement.lang = '';
    setPageLanguage();
    expect(document.documentElement.lang).toBe('en');
  });

  it('follows the translation the browser picked', () => {
    Object.assign(fakeBrowser.i18n, { getMessage: (key: string) => (key === 'languageTag' ? 'zh-CN' : '') });
    setPageLanguage();
    expect(document.documentElement.lang).toBe('zh-CN');
    expect(t('keepLegend')).toBe('keepLegend');
  });
});

import { describe, expect, it } from 'vitest';
import { tabIcon } from './page-line';

describe('the page icon the popup shows', () => {
  it("in Chrome comes from the browser's own favicon cache, never from the address the page names", () => {
    const icon = tabIcon('https://example.com/a?b=1', 'https://tracker.example/pixel.png', true);
    expect(icon).toMatch(/^chrome-extension:\/\/[^/]+\/_favicon\/\?/);
    const asked = new URL(icon as string).searchParams;
    expect(asked.get('pageUrl')).toBe('https://example.com/a?b=1');
    expect(icon).not.toContain('tracker.example');
  });

  it('in Chrome is none for a page that is not a web page', () => {
    expect(tabIcon('chrome://extensions', undefined, true)).toBeUndefined();
  });

  it('in Firefox is only an icon the browser hands over inline: nothing is fetched from the page’s site', () => {
    expect(tabIcon('https://example.com/', 'data:image/png;base64,iVBORw0KGgo=', false)).toBe(
      'data:image/png;base64,iVBORw0KGgo=',
    );
    for (const url of [
      'https://example.com/favicon.ico',
      'http://tracker.example/pixel.png',
      'data:text/html,<script>alert(1)</script>',
      undefined,
    ]) {
      expect(tabIcon('https://example.com/', url, false)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { displayableIcon } from './page-line';

describe('the page icon the popup shows', () => {
  it('is one served over https or inline as a data image', () => {
    expect(displayableIcon('https://example.com/favicon.ico')).toBe('https://example.com/favicon.ico');
    expect(displayableIcon('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
  });

  it('is none for plain http, other schemes or no icon at all', () => {
    for (const url of [
      'http://tracker.example/pixel.png',
      'ftp://example.com/icon.ico',
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '',
      undefined,
    ]) {
      expect(displayableIcon(url)).toBeUndefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';

describe('unit test setup', () => {
  it('provides the identity mock on the fake browser', () => {
    expect((fakeBrowser as unknown as { identity: { getRedirectURL(): string } }).identity.getRedirectURL()).toMatch(
      /chromiumapp\.org\/$/,
    );
  });
});

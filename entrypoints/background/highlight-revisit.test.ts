import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { REVISIT_MESSAGE } from '@/lib/highlight-revisit';
import { revisitTab } from './highlight-revisit';

const ours = { id: fakeBrowser.runtime.id, url: 'https://example.com/article', frameId: 0, tab: { id: 7 } };
const said = { type: REVISIT_MESSAGE };

describe('the message of the revisit script', () => {
  it("is taken from this extension's script in a page's top frame, for the sender's tab", () => {
    expect(revisitTab(said, ours)).toBe(7);
  });

  it('is refused from another extension, a frame, an extension page or with another type', () => {
    expect(revisitTab(said, { ...ours, id: 'another-extension' })).toBeUndefined();
    expect(revisitTab(said, { ...ours, frameId: 3 })).toBeUndefined();
    expect(revisitTab(said, { ...ours, url: fakeBrowser.runtime.getURL('/options.html') })).toBeUndefined();
    expect(revisitTab({ type: 'listHighlights' }, ours)).toBeUndefined();
    expect(revisitTab(null, ours)).toBeUndefined();
  });
});

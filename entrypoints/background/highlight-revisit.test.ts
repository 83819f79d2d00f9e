import { describe, expect, it } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { REVISIT_MESSAGE } from '@/lib/highlight-revisit';
import { HIGHLIGHTS_CHANGED_MESSAGE } from '@/lib/highlighter/commands';
import { ourPageScriptTab } from './highlight-revisit';

const ours = { id: fakeBrowser.runtime.id, url: 'https://example.com/article', frameId: 0, tab: { id: 7 } };
const said = { type: REVISIT_MESSAGE };

describe('the message of the revisit script', () => {
  it("is taken from this extension's script in a page's top frame, for the sender's tab", () => {
    expect(ourPageScriptTab(said, ours)).toBe(7);
  });

  it('is refused from another extension, a frame, an extension page or with another type', () => {
    expect(ourPageScriptTab(said, { ...ours, id: 'another-extension' })).toBeUndefined();
    expect(ourPageScriptTab(said, { ...ours, frameId: 3 })).toBeUndefined();
    expect(ourPageScriptTab(said, { ...ours, url: fakeBrowser.runtime.getURL('/options.html') })).toBeUndefined();
    expect(ourPageScriptTab({ type: 'listHighlights' }, ours)).toBeUndefined();
    expect(ourPageScriptTab(null, ours)).toBeUndefined();
  });

  it("takes the highlighter's word of a toolbar change under its own type only", () => {
    const changed = { type: HIGHLIGHTS_CHANGED_MESSAGE };
    expect(ourPageScriptTab(changed, ours, HIGHLIGHTS_CHANGED_MESSAGE)).toBe(7);
    expect(ourPageScriptTab(changed, ours)).toBeUndefined();
    expect(ourPageScriptTab(changed, { ...ours, frameId: 2 }, HIGHLIGHTS_CHANGED_MESSAGE)).toBeUndefined();
    expect(ourPageScriptTab(changed, { ...ours, id: 'another' }, HIGHLIGHTS_CHANGED_MESSAGE)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { tagVocabularyItem } from '../capture/tag-vocabulary-item';
import { trustedClipTemplates, trustedSpacePreferences } from '../choices';
import { objectTitlesItem, popupDraftsItem, popupQueryCacheItem, structuresItem } from '../storage';
import { forgetSpaceContent } from './forget-space';

const tag = { id: 'sourdough', title: 'Sourdough' };

describe('forgetSpaceContent', () => {
  it("forgets the space's tags, structures, object titles, drafts and the popup's cache, and nothing of another space", async () => {
    await tagVocabularyItem.setValue({ gone: [tag], kept: [tag] });
    await structuresItem.setValue({ gone: { at: 1, structures: [] }, kept: { at: 2, structures: [] } });
    await objectTitlesItem.setValue({ gone: { o1: 'Bread' }, kept: { o2: 'Rye' } });
    await popupDraftsItem.setValue({
      '7': { gone: { url: 'https://a.example/', notes: 'typed' }, kept: { url: 'https://a.example/' } },
      '8': { gone: { url: 'https://b.example/' } },
    });
    await popupQueryCacheItem.setValue('{"clientState":{"queries":[]}}');

    await forgetSpaceContent('gone');

    expect(await tagVocabularyItem.getValue()).toEqual({ kept: [tag] });
    expect(await structuresItem.getValue()).toEqual({ kept: { at: 2, structures: [] } });
    expect(await objectTitlesItem.getValue()).toEqual({ kept: { o2: 'Rye' } });
    expect(await popupDraftsItem.getValue()).toEqual({ '7': { kept: { url: 'https://a.example/' } } });
    expect(await popupQueryCacheItem.getValue()).toBeNull();
  });

  it('keeps what the person chose for the space, for when it is connected again', async () => {
    const preferences = { gone: { lastCollectionId: null, pinnedTags: [tag], recentTags: [tag] } };
    const templates = { gone: { fieldMappings: [], notesTemplate: 'Read on {date}' } };
    await trustedSpacePreferences.setValue(preferences);
    await trustedClipTemplates.setValue(templates);
    await forgetSpaceContent('gone');
    expect(await trustedSpacePreferences.getValue()).toEqual(preferences);
    expect(await trustedClipTemplates.getValue()).toEqual(templates);
  });
});

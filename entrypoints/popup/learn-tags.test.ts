import { describe, expect, it, vi } from 'vitest';
import { tagVocabularyItem } from '@/lib/capture/tag-vocabulary-item';
import { learnTags } from './learn-tags';

describe('learnTags', () => {
  it('adds the tags the popup met to the space’s vocabulary', async () => {
    learnTags('space', [{ id: 'sourdough', title: 'Sourdough' }]);
    await vi.waitFor(async () =>
      expect((await tagVocabularyItem.getValue()).space).toEqual([{ id: 'sourdough', title: 'Sourdough' }]),
    );
  });

  it('writes nothing for none', async () => {
    const changed = vi.fn();
    tagVocabularyItem.watch(changed);
    learnTags('space', []);
    learnTags('space', [{ id: 'reading', title: 'Reading' }]);
    // Writes go one after another, so the empty call's write, had there been one, came first.
    await vi.waitFor(() => expect(changed).toHaveBeenCalledWith({ space: [{ id: 'reading', title: 'Reading' }] }));
    expect(changed).toHaveBeenCalledTimes(1);
  });
});

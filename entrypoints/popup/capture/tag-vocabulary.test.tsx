import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { tagVocabularyItem } from '@/lib/capture/tag-vocabulary-item';
import { missingFrom, rememberTags, useTagVocabulary, VOCABULARY_CAP, withSeen } from './tag-vocabulary';

const tag = (n: number, title = `Tag ${n}`) => ({ id: `t${n}`, title });
const tags = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => tag(from + i));

describe('withSeen', () => {
  it('puts the tags just seen first, in their order, before the ones known', () => {
    expect(withSeen([tag(1), tag(2), tag(3)], [tag(4), tag(2)]).map(({ id }) => id)).toEqual(['t4', 't2', 't1', 't3']);
  });

  it('keeps each tag once, by id, under the title it was seen with last', () => {
    expect(withSeen([tag(1, 'Javascript'), tag(2)], [tag(1, 'JavaScript'), tag(1, 'JS')])).toEqual([
      tag(1, 'JavaScript'),
      tag(2),
    ]);
  });

  it('drops the tags seen least recently beyond the cap', () => {
    expect(withSeen(tags(0, 5), [tag(9)], 3)).toEqual([tag(9), tag(0), tag(1)]);
  });

  it('keeps only the id and the title of what a search answered', () => {
    expect(withSeen([], [{ ...tag(1), structureId: 'tag' } as never])).toEqual([tag(1)]);
  });
});

describe('missingFrom', () => {
  it('names the remembered tags the vocabulary lacks or knows under another title', () => {
    expect(missingFrom([tag(1), tag(2, 'Old')], [tag(1), tag(2, 'New'), tag(3)])).toEqual([tag(2, 'New'), tag(3)]);
  });

  it('names a tag pinned and recent under two titles once, so that writing it settles', () => {
    const known = [tag(1, 'Pinned title'), tag(1, 'Recent title')];
    const missing = missingFrom([], known);
    expect(missing).toEqual([tag(1, 'Pinned title')]);
    expect(missingFrom(withSeen([], missing), known)).toEqual([]);
  });
});

describe('rememberTags', () => {
  it('keeps each space’s tags apart', async () => {
    await rememberTags('space-a', [tag(1)]);
    await rememberTags('space-b', [tag(2)]);
    expect(await tagVocabularyItem.getValue()).toEqual({ 'space-a': [tag(1)], 'space-b': [tag(2)] });
  });

  it('loses neither of two searches that answer together', async () => {
    await Promise.all([rememberTags('space', [tag(1)]), rememberTags('space', [tag(2)])]);
    expect((await tagVocabularyItem.getValue()).space).toEqual([tag(2), tag(1)]);
  });

  it(`keeps at most ${VOCABULARY_CAP} tags a space, the most recently seen`, async () => {
    await rememberTags('space', tags(0, VOCABULARY_CAP));
    await rememberTags('space', tags(VOCABULARY_CAP, VOCABULARY_CAP + 100));
    // Seen again: kept, although it was among the first ones.
    await rememberTags('space', [tag(0)]);
    const kept = (await tagVocabularyItem.getValue()).space ?? [];
    expect(kept).toHaveLength(VOCABULARY_CAP);
    expect(kept[0]).toEqual(tag(0));
    expect(kept.slice(1, 101)).toEqual(tags(VOCABULARY_CAP, VOCABULARY_CAP + 100));
    // The last 100 of the first answer were seen least recently, as that answer ranked them.
    expect(kept.at(-1)).toEqual(tag(VOCABULARY_CAP - 101));
    expect(kept.map(({ id }) => id)).not.toContain(`t${VOCABULARY_CAP - 100}`);
  });
});

describe('useTagVocabulary', () => {
  it('reads the space’s vocabulary, then follows what searches add', async () => {
    await rememberTags('space', [tag(1)]);
    await rememberTags('other', [tag(9)]);
    const { result } = renderHook(() => useTagVocabulary('space'));
    await waitFor(() => expect(result.current).toEqual([tag(1)]));
    await act(() => rememberTags('space', [tag(2)]));
    await waitFor(() => expect(result.current).toEqual([tag(2), tag(1)]));
  });

  it('is empty for a space with none, once read', async () => {
    const { result } = renderHook(() => useTagVocabulary('space'));
    await waitFor(() => expect(result.current).toEqual([]));
  });
});

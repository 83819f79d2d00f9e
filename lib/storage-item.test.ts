import { describe, expect, it } from 'vitest';
import { browser } from 'wxt/browser';
import { defineItem } from './storage-item';

describe('defineItem', () => {
  it('answers a fresh copy of the fallback while nothing is stored', async () => {
    const item = defineItem<{ tags: string[] }>('local:things', { fallback: { tags: [] } });
    const first = await item.getValue();
    first.tags.push('changed');
    expect(await item.getValue()).toEqual({ tags: [] });
  });

  it('writes the value under its name and its version under name$, as @wxt-dev/storage did', async () => {
    const item = defineItem<number>('sync:count', { fallback: 0, version: 2, migrations: { 2: (v) => v } });
    await item.setValue(5);
    expect(await browser.storage.sync.get(null)).toEqual({ count: 5, count$: { v: 2 } });
    expect(await item.getValue()).toBe(5);
    await item.removeValue();
    expect(await browser.storage.sync.get(null)).toEqual({});
    expect(await item.getValue()).toBe(0);
  });

  it('brings a value stored at an older version up to date once, and stores the result', async () => {
    await browser.storage.local.set({ prefs: { color: 'red' } });
    const item = defineItem<{ colors: string[]; size: number }>('local:prefs', {
      fallback: { colors: [], size: 1 },
      version: 3,
      migrations: {
        2: (v) => ({ colors: [(v as { color: string }).color] }),
        3: (v) => ({ ...(v as object), size: 2 }),
      },
    });
    expect(await item.getValue()).toEqual({ colors: ['red'], size: 2 });
    expect(await browser.storage.local.get(['prefs', 'prefs$'])).toEqual({
      prefs: { colors: ['red'], size: 2 },
      prefs$: { v: 3 },
    });
  });

  it('says which migration is missing instead of answering an old shape', async () => {
    await browser.storage.local.set({ old: 1, old$: { v: 1 } });
    const item = defineItem<number>('local:old', { fallback: 0, version: 2 });
    await expect(item.getValue()).rejects.toThrow('local:old: no migration to version 2');
  });

  it('tells a watcher about changes to its own key in its own area only', async () => {
    const item = defineItem<string>('local:name', { fallback: 'none' });
    const seen: string[] = [];
    const unwatch = item.watch((value) => seen.push(value));
    await browser.storage.session.set({ name: 'other area' });
    await browser.storage.local.set({ unrelated: 'x' });
    await item.setValue('a');
    await item.removeValue();
    unwatch();
    await item.setValue('after unwatch');
    expect(seen).toEqual(['a', 'none']);
  });

  it('answers null for an item without a fallback', async () => {
    const item = defineItem<string>('session:maybe');
    expect(await item.getValue()).toBeNull();
  });
});

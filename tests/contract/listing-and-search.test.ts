import { describe, expect, it } from 'vitest';
import { entityValue, InvalidInputError, titleValue, type WorkspaceApi } from '../../lib/api';
import { MAX_PAGE_SIZE } from '../../lib/api/listing-api';
import { errorOf, rejectionOf, setUpEmulator, TOKENS } from './harness';

const context = setUpEmulator();

async function createTags(api: WorkspaceApi, titles: string[]): Promise<string[]> {
  const ids: string[] = [];
  // In batches: fast, without opening hundreds of sockets at once.
  for (let start = 0; start < titles.length; start += 25) {
    const batch = titles.slice(start, start + 25);
    const saved = await Promise.all(
      batch.map((title) => api.createObject({ structureId: 'RootTag', properties: { title: titleValue(title) } })),
    );
    ids.push(...saved.map((object) => object.id));
  }
  return ids;
}

describe('cursor pagination', () => {
  it('iterates 260 objects created through the client with no duplicates or gaps', async () => {
    await context.control.setRateLimits({ enabled: false });
    const api = context.api();
    const created = await createTags(
      api,
      Array.from({ length: 260 }, (_, index) => `Paged tag ${String(index).padStart(3, '0')}`),
    );
    const seen: string[] = [];
    let pages = 0;
    let cursor: string | undefined;
    do {
      const page = await api.listByStructure('RootTag', { pageSize: 40, cursor });
      expect(page.results.length).toBeLessThanOrEqual(40);
      seen.push(...page.results.map((summary) => summary.id));
      expect(page.hasMore).toBe(page.nextCursor !== null);
      cursor = page.nextCursor ?? undefined;
      pages++;
    } while (cursor !== undefined);
    expect(new Set(seen).size).toBe(seen.length);
    // Concurrent creations may share a timestamp (then ties go by id), so compare as sets.
    const mine = seen.filter((id) => created.includes(id));
    expect(mine).toHaveLength(260);
    expect(new Set(mine)).toEqual(new Set(created));
    expect(pages).toBe(Math.ceil(seen.length / 40));

    const iterated: string[] = [];
    for await (const summary of api.iterateByStructure('RootTag')) iterated.push(summary.id);
    expect(iterated).toEqual(seen);
  });

  it('pages default to and max out at 100; 101 is refused locally and by the server', async () => {
    const api = context.api(TOKENS.research);
    const first = await api.listByStructure('RootTag');
    expect(first.results).toHaveLength(100);
    expect(first.hasMore).toBe(true);
    expect((await api.listByStructure('RootTag', { pageSize: MAX_PAGE_SIZE })).results).toHaveLength(100);
    await expect(api.listByStructure('RootTag', { pageSize: 101 })).rejects.toMatchObject({
      kind: 'invalid_input',
      status: undefined,
    });
    const response = await context.raw('GET', '/objects/structure?id=RootTag&pageSize=101', { token: TOKENS.research });
    expect(await errorOf(response)).toMatchObject({ status: 400, code: 'cap_invalid_input' });
  });

  it('walks the 2,500 tags of the Research space without repeating one', async () => {
    const ids: string[] = [];
    for await (const summary of context.api(TOKENS.research).iterateByStructure('RootTag')) ids.push(summary.id);
    expect(ids.length).toBeGreaterThanOrEqual(2500);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('objects created or deleted between pages neither repeat nor shift the others', async () => {
    await context.control.setRateLimits({ enabled: false });
    const api = context.api();
    await createTags(
      api,
      Array.from({ length: 30 }, (_, index) => `Shifting ${index}`),
    );
    const first = await api.listByStructure('RootTag', { pageSize: 10 });
    const [deleted] = first.results;
    await api.deleteObject(deleted?.id ?? '');
    const [added] = await createTags(api, ['Added while paging']);
    const rest: string[] = [];
    let cursor = first.nextCursor ?? undefined;
    while (cursor !== undefined) {
      const page = await api.listByStructure('RootTag', { pageSize: 10, cursor });
      rest.push(...page.results.map((summary) => summary.id));
      cursor = page.nextCursor ?? undefined;
    }
    const all = [...first.results.map((summary) => summary.id), ...rest];
    expect(new Set(all).size).toBe(all.length);
    expect(rest.at(-1)).toBe(added);
  });

  it('a cursor from another listing is refused (cap_invalid_input)', async () => {
    const api = context.api();
    const tags = await api.listByStructure('RootTag', { pageSize: 2 });
    const error = await rejectionOf(api.listByStructure('RootPage', { cursor: tags.nextCursor ?? '' }));
    expect(error).toBeInstanceOf(InvalidInputError);
    expect(error).toMatchObject({ code: 'cap_invalid_input' });
  });

  it('lists by tag and by collection', async () => {
    const api = context.api();
    const [tag] = await createTags(api, ['Listing tag']);
    const tagged = await api.createObject({
      structureId: 'RootPage',
      properties: { title: titleValue('Tagged page'), tags: entityValue([tag ?? '']) },
    });
    expect((await api.listByTag(tag ?? '')).results).toEqual([
      { id: tagged.id, structureId: 'RootPage', title: 'Tagged page' },
    ]);

    const structures = await api.getStructures();
    const readingList = structures
      .find((s) => s.id === 'MediaWebResource')
      ?.collections.find((c) => c.title === 'Reading list');
    const link = await api.createWeblink({ url: 'https://example.com/listed', collections: [readingList?.id ?? ''] });
    const members: string[] = [];
    for await (const summary of api.iterateByCollection(readingList?.id ?? '', { pageSize: 1 }))
      members.push(summary.id);
    expect(members).toContain(link.id);
    expect(new Set(members).size).toBe(members.length);
  });

  it('an unknown structure id is NotFoundError', async () => {
    await expect(context.api().listByStructure('NoSuchStructure')).rejects.toMatchObject({ kind: 'not_found' });
  });
});

describe('POST /objects/search', () => {
  it('orders by relevance: exact, prefix, word prefix, substring; case-insensitive', async () => {
    const api = context.api();
    const [exact, prefix, word, substring] = await createTags(api, [
      'Zorblat',
      'Zorblat engine',
      'The zorblat',
      'Antizorblatic',
    ]);
    const results = await api.search({ query: 'ZORBLAT' });
    expect(results.map((summary) => summary.id)).toEqual([exact, prefix, word, substring]);
    expect(results[0]).toEqual({ id: exact, structureId: 'RootTag', title: 'Zorblat' });
  });

  it('structureIds restricts the types searched; omitted searches all types', async () => {
    const api = context.api();
    const [tag] = await createTags(api, ['Quillfeather']);
    const page = await api.createObject({
      structureId: 'RootPage',
      properties: { title: titleValue('Quillfeather notes') },
    });
    expect((await api.search({ query: 'quillfeather', structureIds: ['RootPage'] })).map((s) => s.id)).toEqual([
      page.id,
    ]);
    expect((await api.search({ query: 'quillfeather' })).map((s) => s.id).sort()).toEqual([tag, page.id].sort());
  });

  it('a blank query finds nothing without asking (the published reference wants 1 to 512 characters)', async () => {
    const before = (await context.control.log()).length;
    await expect(context.api().search({ query: '  ' })).resolves.toEqual([]);
    expect(await context.control.log()).toHaveLength(before);
  });

  it('never returns more than 50 results', async () => {
    const results = await context.api(TOKENS.research).search({ query: 'a', structureIds: ['RootTag'] });
    expect(results).toHaveLength(50);
  });
});

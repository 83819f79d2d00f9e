import { describe, expect, it } from 'vitest';
import type { WorkspaceApi } from '../api';
import { sameTitle, textFingerprint, weblinkHasUrl } from './lost-answers';
import type { StoredClipOf } from './stored-clip';
import { type WeblinkClip, weblink } from './weblink';
import { weblinkTitle } from './weblink-title';

describe('textFingerprint', () => {
  it('keeps letters, digits and emoji in order, whatever the Markdown markers and escapes', () => {
    expect(textFingerprint('* **Bold** and \\_snake\\_case\\_ 🎉')).toBe(
      textFingerprint('- __Bold__ and snake_case 🎉'),
    );
    expect(textFingerprint('Café')).toBe(textFingerprint('Cafe\u0301'));
  });

  it('ignores the numbers of numbered lists, which the service renumbers, but not other numbers', () => {
    expect(textFingerprint('3. third\n4. fourth\n> 7) quoted')).toBe(
      textFingerprint('1. third\n2. fourth\n> 1) quoted'),
    );
    expect(textFingerprint('2020\\. A year')).not.toBe(textFingerprint('2021\\. A year'));
  });

  it('ignores link destinations and titles, so a link whose text is its URL matches the bare URL', () => {
    expect(textFingerprint('[https://example.com/a](https://example.com/a)')).toBe(
      textFingerprint('https://example.com/a'),
    );
    expect(textFingerprint('[Docs](https://example.com "The docs")')).toBe(textFingerprint('[Docs](https://other)'));
  });

  it('decodes character references as the service does', () => {
    expect(textFingerprint('Fish &amp; chips &#x263A;')).toBe(textFingerprint('Fish & chips ☺'));
  });

  it('is empty for text with nothing to recognise it by', () => {
    expect(textFingerprint('---\n\n***')).toBe('');
  });
});

describe('titles and URLs', () => {
  it('compares titles without case, surrounding space or Unicode normalisation differences', () => {
    expect(sameTitle(' Café ', 'CAFE\u0301')).toBe(true);
    expect(sameTitle('Reading', 'Readings')).toBe(false);
  });

  it('gives a weblink without a title its URL as title, as the service would', () => {
    expect(weblinkTitle({ title: '  ', url: 'https://example.com/' })).toBe('https://example.com/');
  });

  it('confirms a weblink by its URL property (by id when known, else any URL-typed value), as the same page', () => {
    const object = {
      properties: {
        media_URLReference: { type: 'url' as const, url: { value: 'https://example.com/a/?utm_source=x#top' } },
        source: { type: 'url' as const, url: { value: 'https://other.example/' } },
      },
    };
    expect(weblinkHasUrl(object, 'https://example.com/a', 'media_URLReference')).toBe(true);
    expect(weblinkHasUrl(object, 'https://example.com/a')).toBe(true);
    expect(weblinkHasUrl(object, 'https://other.example/', 'media_URLReference')).toBe(false);
    expect(weblinkHasUrl(object, 'https://example.com/a?b=1')).toBe(false);
  });
});

describe('looking for a lost weblink', () => {
  const stored: StoredClipOf<WeblinkClip> = {
    v: 1,
    id: 'clip-1',
    seq: 1,
    spaceId: 'space',
    createdAt: 0,
    clip: {
      kind: 'link',
      url: 'https://example.com/a',
      title: 'A',
      tags: [],
      properties: {},
      notes: [],
      existingObjectIds: [],
    },
    state: 'pending',
    attempts: 1,
    nextAttemptAt: 0,
    inFlight: { step: { kind: 'create-weblink' }, startedAt: 0 },
    progress: { tagIds: {}, objectId: null, partsLanded: 0 },
    lastError: null,
    events: [],
  };

  it('searches while it reads which objects other clips made, not after', async () => {
    const happened: string[] = [];
    let othersRead: (ids: ReadonlySet<string>) => void = () => undefined;
    const api = {
      search: async () => {
        happened.push('search');
        return [{ id: 'w-1', title: 'A', structureId: 'MediaWebResource' }];
      },
      getObject: async () => {
        throw new Error("w-1 is another clip's weblink and is never read");
      },
    } as unknown as WorkspaceApi;
    const createBlock = weblink.steps.find((block) => block.step === 'create-weblink');
    const lookup = createBlock?.lookUp?.(
      api,
      stored,
      { kind: 'create-weblink' },
      {
        startedAt: 0,
        otherResults: () => {
          happened.push('others');
          return new Promise((resolve) => {
            othersRead = resolve;
          });
        },
        urlPropertyId: async () => undefined,
      },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(happened).toEqual(['others', 'search']);
    othersRead(new Set(['w-1']));
    expect(await lookup).toBeUndefined();
  });
});

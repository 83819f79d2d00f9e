import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_MARKDOWN_CHARS } from '@/lib/api';
import { trustedClipSettings, trustedKeepChoices } from '@/lib/choices';
import { MAX_CLIP_BYTES } from '@/lib/clip/clip-limits';
import type { ClipRequest } from '@/lib/messaging';
import { keepChoicesCopy } from '@/lib/storage';
import { KEEP_SITES_KEPT, saveClip, toPayload } from './save-clip';

const source = { url: 'https://example.com/a', title: 'A' };

describe('turning a clip request into an outbox payload', () => {
  it('sends a large selection in ordered parts, each small enough for one request, losing nothing', async () => {
    const paragraphs = Array.from({ length: 3_000 }, (_, index) => `Paragraph ${index} ${'é'.repeat(100)}`);
    const markdown = paragraphs.join('\n\n');
    const payload = await toPayload({ kind: 'daily-note', markdown, source });
    if (payload.kind !== 'daily-note') throw new Error('wrong kind');
    expect(payload.parts.length).toBeGreaterThan(1);
    expect(payload.parts.every((part) => part.length <= MAX_REQUEST_MARKDOWN_CHARS)).toBe(true);
    expect(payload.parts.join('\n\n')).toBe(markdown);
  });

  it('refuses a selection over the limit with the reason instead of cutting it', async () => {
    const markdown = 'x'.repeat(MAX_CLIP_BYTES + 1);
    await expect(
      toPayload({ kind: 'append', objectId: 'o', objectTitle: 'O', markdown, source }),
    ).rejects.toMatchObject({
      kind: 'invalid_input',
      code: 'clip_too_large',
      message: expect.stringContaining('at most 5 MB'),
    });
  });

  it('dates a daily-note clip today and takes the timestamp choice from the settings', async () => {
    await trustedClipSettings.setValue({ ...(await trustedClipSettings.getValue()), dailyNoteTimestamp: false });
    const payload = await toPayload({ kind: 'daily-note', markdown: '> hi', source });
    expect(payload).toMatchObject({ kind: 'daily-note', noTimeStamp: true, parts: ['> hi'] });
    if (payload.kind !== 'daily-note') throw new Error('wrong kind');
    expect(payload.date).toMatch(/^\d{4}-\d{2}-\d{2}T00:00:00\.000Z$/);
  });

  it('keeps a weblink title, falling back to its address, and splits long notes', async () => {
    const payload = await toPayload({
      kind: 'page',
      url: 'https://example.com/a',
      title: '   ',
      tags: [],
      properties: {},
      notes: '',
      existingObjectIds: [],
    });
    expect(payload).toMatchObject({ title: 'https://example.com/a', notes: [] });
  });
});

describe('the Keep remembered per site', () => {
  const pageOf = (site: string): ClipRequest => ({
    kind: 'page',
    url: `https://${site}/a`,
    title: 'A',
    tags: [],
    properties: {},
    notes: '',
    existingObjectIds: [],
    keep: 'article',
  });

  it(`is kept for at most ${KEEP_SITES_KEPT} sites: the one saved longest ago is dropped first`, async () => {
    const sites = Array.from({ length: KEEP_SITES_KEPT }, (_, index) => `site-${index}.example`);
    await trustedKeepChoices.setValue(Object.fromEntries(sites.map((site) => [site, 'link'])));
    // The oldest site saved again becomes the newest; then a new site takes the place of the next oldest.
    await saveClip('s1', pageOf('site-0.example'));
    await saveClip('s1', pageOf('new.example'));

    const kept = await trustedKeepChoices.getValue();
    expect(Object.keys(kept)).toHaveLength(KEEP_SITES_KEPT);
    expect(kept['site-1.example']).toBeUndefined();
    expect(Object.keys(kept).slice(-2)).toEqual(['site-0.example', 'new.example']);
    expect(kept['site-0.example']).toBe('article');
    // The popup shows the same, from its copy.
    expect(await keepChoicesCopy.getValue()).toEqual(kept);
  });
});

import { describe, expect, it } from 'vitest';
import { MAX_REQUEST_MARKDOWN_CHARS } from '../api';
import { MAX_CLIP_BYTES } from '../clip/clip-limits';
import { settingsItem } from '../storage';
import { toPayload } from './save-clip';

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
    await settingsItem.setValue({ ...(await settingsItem.getValue()), dailyNoteTimestamp: false });
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

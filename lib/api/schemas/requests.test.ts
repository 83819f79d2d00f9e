import { describe, expect, it } from 'vitest';
import {
  appendBlocksRequestSchema,
  appendMarkdownRequestSchema,
  createObjectRequestSchema,
  createWeblinkRequestSchema,
  dailyNoteContentSchema,
  dailyNotePlacementSchema,
  deleteBlocksRequestSchema,
  updateObjectRequestSchema,
} from './requests';

const title = { type: 'title', title: { value: 'x' } };

describe('request body schemas', () => {
  it('createObject needs a structure id and typed properties', () => {
    expect(createObjectRequestSchema.safeParse({ structureId: 'RootPage', properties: { title } }).success).toBe(true);
    expect(createObjectRequestSchema.safeParse({ structureId: '', properties: {} }).success).toBe(false);
    expect(createObjectRequestSchema.safeParse({ structureId: 'RootPage', properties: { title: 'x' } }).success).toBe(
      false,
    );
  });

  it('updateObject needs properties and/or collections', () => {
    expect(updateObjectRequestSchema.safeParse({ properties: { title } }).success).toBe(true);
    expect(updateObjectRequestSchema.safeParse({ collections: [] }).success).toBe(true);
    const empty = updateObjectRequestSchema.safeParse({});
    expect(empty.error?.issues[0]?.message).toContain('at least one');
  });

  it('createWeblink needs an http(s) url', () => {
    expect(createWeblinkRequestSchema.safeParse({ url: 'https://example.com/a' }).success).toBe(true);
    expect(createWeblinkRequestSchema.safeParse({ url: 'chrome://settings' }).success).toBe(false);
    expect(createWeblinkRequestSchema.safeParse({}).success).toBe(false);
  });

  it('appends refuse after_block combined with parentBlockId, and empty block lists', () => {
    const base = { objectId: 'o', blocks: [{ type: 'HorizontalLineBlock' }] };
    expect(
      appendBlocksRequestSchema.safeParse({ ...base, position: { type: 'start' }, parentBlockId: 'p' }).success,
    ).toBe(true);
    const both = appendBlocksRequestSchema.safeParse({
      ...base,
      parentBlockId: 'p',
      position: { type: 'after_block', after_block: { id: 'b' } },
    });
    expect(both.error?.issues[0]?.path).toEqual(['parentBlockId']);
    expect(appendBlocksRequestSchema.safeParse({ ...base, blocks: [] }).success).toBe(false);
    expect(
      appendMarkdownRequestSchema.safeParse({
        objectId: 'o',
        markdown: 'x',
        parentBlockId: 'p',
        position: { type: 'after_block', after_block: { id: 'b' } },
      }).success,
    ).toBe(false);
    expect(
      appendMarkdownRequestSchema.safeParse({ objectId: 'o', markdown: 'x', position: { type: 'middle' } }).success,
    ).toBe(false);
  });

  it('deleteBlocks needs at least one id', () => {
    expect(deleteBlocksRequestSchema.safeParse({ blockIds: ['a'] }).success).toBe(true);
    expect(deleteBlocksRequestSchema.safeParse({ blockIds: [] }).success).toBe(false);
  });

  it('daily-note content is exactly one of markdown or blocks', () => {
    expect(dailyNoteContentSchema.safeParse({ markdown: 'x' }).success).toBe(true);
    expect(dailyNoteContentSchema.safeParse({ blocks: [{ type: 'HorizontalLineBlock' }] }).success).toBe(true);
    expect(dailyNoteContentSchema.safeParse({}).success).toBe(false);
    const both = dailyNoteContentSchema.safeParse({ markdown: 'x', blocks: [{ type: 'HorizontalLineBlock' }] });
    expect(both.error?.issues[0]?.message).toBe('send exactly one of markdown or blocks');
  });

  it('daily-note date must be canonical UTC midnight', () => {
    expect(dailyNotePlacementSchema.safeParse({ date: '2024-05-01T00:00:00.000Z', noTimeStamp: true }).success).toBe(
      true,
    );
    expect(dailyNotePlacementSchema.safeParse({ date: '2024-05-01' }).success).toBe(false);
    expect(dailyNotePlacementSchema.safeParse({ date: '2024-05-01T08:00:00.000Z' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { type FieldDefinition, isEditableDefinition } from './field-definition';

const def = (type: string, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  id: 'p',
  name: 'P',
  type,
  writable: true,
  ...extra,
});

describe('isEditableDefinition', () => {
  it('edits writable fields of known types, except title and tags', () => {
    expect(isEditableDefinition(def('text'))).toBe(true);
    expect(isEditableDefinition(def('text', { writable: false }))).toBe(false);
    expect(isEditableDefinition(def('richText'))).toBe(false);
    expect(isEditableDefinition(def('title', { id: 'title' }))).toBe(false);
    expect(isEditableDefinition(def('entity', { id: 'tags' }))).toBe(false);
  });
});

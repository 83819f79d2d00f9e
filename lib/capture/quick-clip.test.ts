import { describe, expect, it } from 'vitest';
import { parseRulesFile } from '../../entrypoints/options/rules-file';
import { fixtureRulesJson, fixtureSpace, readFixture } from '../../tests/support/capture-pages';
import { objectRequestSchema } from '../clips/object';
import { applyRule } from './apply-rule';
import { lookupsOf } from './lookups';
import { quickClipOf } from './quick-clip';
import { firstMatchingRule } from './rule-match';

const URL = 'https://journal.example/articles/analytical-engine';

function paperApplied(createMissing: boolean) {
  const parsed = parseRulesFile(fixtureRulesJson());
  if (!parsed.ok) throw new Error(parsed.message);
  const rules = parsed.file.rules.map((rule) => ({ ...rule, createMissing }));
  const reading = readFixture('paper', URL, lookupsOf(rules));
  const choice = firstMatchingRule(rules, reading);
  if (!choice) throw new Error('no rule matched');
  return applyRule(choice, reading, fixtureSpace().space, { now: new Date('2026-01-31T12:00:00Z'), timeZone: 'UTC' });
}

describe('a quick clip of a page a rule saves as a typed object', () => {
  it('is an object request the background accepts, its authors found by title and only looked for', () => {
    const clip = quickClipOf(paperApplied(false), URL);
    expect(objectRequestSchema.safeParse(clip).success).toBe(true);
    expect(clip).toMatchObject({ kind: 'object', structureId: 'custom-paper', url: URL });
    if (clip?.kind !== 'object') throw new Error('not an object clip');
    expect(clip.links[0]?.items).toEqual([
      { structureId: 'custom-person', title: 'Ada Lovelace', create: false },
      { structureId: 'custom-person', title: 'Grace Hopper', create: false },
      { structureId: 'custom-person', title: 'Charles Babbage', create: false },
    ]);
  });

  it('creates the missing authors when the rule says "Create missing"', () => {
    const clip = quickClipOf(paperApplied(true), URL);
    if (clip?.kind !== 'object') throw new Error('not an object clip');
    expect(clip.links[0]?.items.every((item) => !('create' in item))).toBe(true);
  });
});

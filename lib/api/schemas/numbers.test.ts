import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { describeIssues } from './issues';
import { boundedIntSchema, countSchema, positiveSchema } from './numbers';

const inputs = [
  0,
  1,
  7,
  50,
  51,
  -1,
  -0,
  1.5,
  0.1,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 1,
  -Number.MAX_SAFE_INTEGER - 1,
  1e300,
  Number.NaN,
  Number.POSITIVE_INFINITY,
  Number.NEGATIVE_INFINITY,
  '1',
  null,
  undefined,
  true,
  {},
];

const issues = (result: { success: boolean; error?: { issues: unknown[] } }) =>
  result.success ? [] : JSON.parse(JSON.stringify(result.error?.issues));

describe('numbers without z.int() and the bound checks of zod', () => {
  it('a positive number accepts and refuses what z.positive() does, with the same issues', () => {
    const zodPositive = z.number().check(z.positive());
    for (const input of inputs) {
      expect(issues(positiveSchema().safeParse(input)), String(input)).toStrictEqual(
        issues(zodPositive.safeParse(input)),
      );
    }
  });

  it('bounds report as z.nonnegative(), z.minimum() and z.maximum() do, past a whole number', () => {
    const ours = boundedIntSchema(1, 50);
    const theirs = z
      .number()
      .check(z.refine(Number.isInteger, { error: 'expected int', abort: true }), z.minimum(1), z.maximum(50));
    const zodCount = z
      .number()
      .check(z.refine(Number.isSafeInteger, { error: 'expected int', abort: true }), z.nonnegative());
    for (const input of inputs) {
      expect(issues(ours.safeParse(input)), String(input)).toStrictEqual(issues(theirs.safeParse(input)));
      expect(issues(countSchema().safeParse(input)), String(input)).toStrictEqual(issues(zodCount.safeParse(input)));
    }
  });

  it('a count accepts and refuses what z.int() with nonnegative does, for the same reasons', () => {
    const zodCount = z.number().check(z.int(), z.nonnegative());
    for (const input of inputs) {
      const ours = countSchema().safeParse(input);
      const theirs = zodCount.safeParse(input);
      expect(ours.success, String(input)).toBe(theirs.success);
      if (!ours.success && !theirs.success && Math.abs(Number(input)) <= Number.MAX_SAFE_INTEGER) {
        expect(describeIssues(ours.error), String(input)).toBe(describeIssues(theirs.error));
      }
    }
  });

  it('a bounded integer accepts and refuses what z.int() within the bounds does, for the same reasons', () => {
    const zodBounded = z.int().check(z.minimum(1), z.maximum(50));
    for (const input of inputs) {
      const ours = boundedIntSchema(1, 50).safeParse(input);
      const theirs = zodBounded.safeParse(input);
      expect(ours.success, String(input)).toBe(theirs.success);
      // Past the safe range z.int() names that range first; both refuse it.
      if (!ours.success && !theirs.success && Math.abs(Number(input)) <= Number.MAX_SAFE_INTEGER) {
        expect(describeIssues(ours.error), String(input)).toBe(describeIssues(theirs.error));
      }
    }
  });
});

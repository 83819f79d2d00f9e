import { z } from 'zod/mini';
import { numberSchema, refined } from './lean-kinds';

/**
 * Numbers as the background checks them, written with refinements rather than `z.int()`,
 * `z.minimum`, `z.maximum`, `z.nonnegative` and `z.positive`: their number-format and bound check
 * classes cost the background 0.5 KB gzip, while a refinement's check is there anyway. They accept
 * and refuse exactly what zod's own do, with the same issues (numbers.test.ts checks both), and a
 * whole number stops the checks after it when it fails, as `z.int()` does.
 */
const EXPECTED_INT = { error: 'expected int', abort: true } as const;

/** `z.minimum(limit)` (`z.gt(limit)` when not inclusive), with its issue. */
const atLeast = (limit: number, inclusive = true) =>
  z.superRefine((value: number, ctx) => {
    if (inclusive ? value >= limit : value > limit) return;
    ctx.addIssue({ code: 'too_small', origin: 'number', minimum: limit, inclusive, input: value });
  });

/** `z.maximum(limit)`, with its issue. */
const atMost = (limit: number) =>
  z.superRefine((value: number, ctx) => {
    if (value <= limit) return;
    ctx.addIssue({ code: 'too_big', origin: 'number', maximum: limit, inclusive: true, input: value });
  });

/** A positive number (`z.positive()`). */
export const positiveSchema = () => numberSchema.check(atLeast(0, false));

/** A safe integer from 0 up (an index, a count, an offset, a tab id). */
export const countSchema = () => numberSchema.check(refined(Number.isSafeInteger, EXPECTED_INT), atLeast(0));

/** An integer within [min, max]: bounds inside the safe range make any integer there a safe one. */
export const boundedIntSchema = (min: number, max: number) =>
  numberSchema.check(refined(Number.isInteger, EXPECTED_INT), atLeast(min), atMost(max));

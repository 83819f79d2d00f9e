import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { recordOf } from './record';

const symbolKeyed = { a: 1, [Symbol('s')]: 2 };
const hidden = Object.defineProperty({ a: 1 }, 'b', { value: 'not a number', enumerable: false });
const inherited = Object.create({ inheritedKey: 'x' }) as Record<string, unknown>;
inherited.own = 3;

const inputs: unknown[] = [
  {},
  { a: 1, b: 2 },
  { a: 1, b: 'two', c: null },
  { '': 1 },
  { [`${'k'.repeat(201)}`]: 1 },
  { 123: 4, a: 5 },
  JSON.parse('{"__proto__": "x", "a": 1}'),
  JSON.parse('{"__proto__": 2, "a": 1}'),
  Object.assign(Object.create(null), { a: 1 }),
  symbolKeyed,
  hidden,
  inherited,
  { a: 150 },
  { a: 1.5, b: -1 },
  [],
  [1, 2],
  null,
  undefined,
  'text',
  42,
  new Date(0),
  new Map([['a', 1]]),
];

const plain = (result: { success: boolean; data?: unknown; error?: { issues: unknown[] } }) =>
  result.success
    ? { success: true, data: result.data }
    : { success: false, issues: JSON.parse(JSON.stringify(result.error?.issues)) };

function same(ours: z.ZodMiniType, theirs: z.ZodMiniType) {
  for (const input of inputs) {
    const a = plain(ours.safeParse(input));
    const b = plain(theirs.safeParse(input));
    expect(a, String(Object.keys(Object(input)))).toStrictEqual(b);
  }
}

describe('recordOf, checked against z.record itself', () => {
  const value = z.number().check(z.maximum(100));

  it('accepts, refuses and reports as z.record with any string key', () => {
    same(recordOf(z.string(), value), z.record(z.string(), value));
  });

  it('and with keys of bounded length', () => {
    same(recordOf(z.string().check(z.minLength(1)), value), z.record(z.string().check(z.minLength(1)), value));
    same(recordOf(z.string().check(z.maxLength(200)), value), z.record(z.string().check(z.maxLength(200)), value));
  });

  it('and as a field of an object, and as an option of a union', () => {
    same(z.object({ map: recordOf(z.string(), value) }), z.object({ map: z.record(z.string(), value) }));
    for (const input of inputs) {
      const ours = z.union([z.object({ map: recordOf(z.string(), value) }), z.object({ list: z.array(z.string()) })]);
      const theirs = z.union([z.object({ map: z.record(z.string(), value) }), z.object({ list: z.array(z.string()) })]);
      expect(plain(ours.safeParse({ map: input }))).toStrictEqual(plain(theirs.safeParse({ map: input })));
    }
  });

  it('gives a fresh object, as z.record does', () => {
    const input = { a: 1 };
    expect(recordOf(z.string(), value).parse(input)).not.toBe(input);
  });
});

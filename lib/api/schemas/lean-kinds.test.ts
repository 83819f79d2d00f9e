import { describe, expect, it } from 'vitest';
import { z } from 'zod/mini';
import { booleanSchema, lazyOf, nullableOf, numberSchema, recordOf, refined, taggedUnion, unionOf } from './lean-kinds';

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

function same(ours: z.ZodMiniType, theirs: z.ZodMiniType, values: unknown[] = inputs) {
  for (const input of values) {
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

describe('taggedUnion, checked against z.discriminatedUnion itself', () => {
  const options = () =>
    [
      z.object({ kind: z.literal('a'), size: z.number().check(z.maximum(100)) }),
      z.strictObject({ kind: z.literal('b'), name: z.string() }),
      z.object({ kind: z.enum(['c', 'd']), list: z.array(z.string()).check(z.maxLength(2)) }),
      z.pipe(
        z.object({ kind: z.literal('e') }),
        z.transform(() => ({ kind: 'e', made: true })),
      ),
    ] as const;
  const tagged: unknown[] = [
    { kind: 'a', size: 1 },
    { kind: 'a', size: 101 },
    { kind: 'a', size: 'big' },
    { kind: 'a' },
    { kind: 'b', name: 'x' },
    { kind: 'b', name: 'x', extra: 1 },
    { kind: 'c', list: [] },
    { kind: 'd', list: ['1', '2', '3'] },
    { kind: 'e', other: 1 },
    { kind: 'f' },
    { kind: 1 },
    {},
    { size: 1 },
    ...inputs,
  ];

  it('accepts, refuses and reports as z.discriminatedUnion', () => {
    same(taggedUnion('kind', options()), z.discriminatedUnion('kind', options()), tagged);
  });

  it('and as a field of an object, and as an option of a union', () => {
    same(
      z.object({ item: taggedUnion('kind', options()) }),
      z.object({ item: z.discriminatedUnion('kind', options()) }),
      tagged.map((item) => ({ item })),
    );
    same(
      z.union([taggedUnion('kind', options()), z.object({ other: z.string() })]),
      z.union([z.discriminatedUnion('kind', options()), z.object({ other: z.string() })]),
      tagged,
    );
  });
});

describe('lazyOf, checked against z.lazy itself', () => {
  interface Tree {
    name: string;
    children: Tree[];
  }
  const ours: z.ZodMiniType<Tree> = lazyOf(() =>
    z.object({ name: z.string().check(z.maxLength(3)), children: z.array(ours) }),
  );
  const theirs: z.ZodMiniType<Tree> = z.lazy(() =>
    z.object({ name: z.string().check(z.maxLength(3)), children: z.array(theirs) }),
  );
  const trees: unknown[] = [
    { name: 'a', children: [] },
    { name: 'a', children: [{ name: 'b', children: [{ name: 'c', children: [] }] }] },
    { name: 'a', children: [{ name: 'long', children: [{ name: 'c', children: 'none' }] }] },
    { name: 'a', children: [{ name: 'b' }] },
    ...inputs,
  ];

  it('accepts, refuses and reports as z.lazy, at every depth', () => {
    same(ours, theirs, trees);
    same(z.object({ tree: z.optional(ours) }), z.object({ tree: z.optional(theirs) }), [
      {},
      ...trees.map((tree) => ({ tree })),
    ]);
  });
});

describe('unionOf and nullableOf, checked against z.union and z.nullable themselves', () => {
  const values: unknown[] = [
    'text',
    'a longer text',
    42,
    101,
    [1, 2],
    ['1'],
    { value: 'x' },
    { value: null },
    { value: 7 },
    null,
    undefined,
    {},
  ];
  const short = z.string().check(z.maxLength(5));
  const small = z.number().check(z.maximum(100));
  const spaces = z.pipe(
    z.object({ value: z.string() }),
    z.transform(({ value }) => value),
  );
  const maybe = z.pipe(
    z.nullish(z.string()),
    z.transform((value) => ({ value: value ?? null })),
  );

  it('a union takes the first option that fits, or reports as z.union', () => {
    same(unionOf([short, small, spaces]), z.union([short, small, spaces]), values);
    same(unionOf([short, z.array(small)]), z.union([short, z.array(small)]), values);
  });

  it('a union with an optional-in option may be missing from an object, as with z.union', () => {
    same(z.object({ field: unionOf([spaces, maybe]) }), z.object({ field: z.union([spaces, maybe]) }), [
      ...values.map((field) => ({ field })),
      {},
    ]);
  });

  it('nullable lets null through and checks the rest, alone and in an object', () => {
    same(nullableOf(short), z.nullable(short), values);
    same(z.object({ field: nullableOf(short) }), z.object({ field: z.nullable(short) }), [
      ...values.map((field) => ({ field })),
      {},
    ]);
    same(z.object({ field: nullableOf(maybe) }), z.object({ field: z.nullable(maybe) }), [
      ...values.map((field) => ({ field })),
      {},
    ]);
    same(z.optional(nullableOf(short)), z.nullish(short), values);
  });

  it('refuses an optional-out part, which it does not follow', () => {
    expect(() => nullableOf(z.optional(short))).toThrow();
    expect(() => unionOf([short, z.optional(small)])).toThrow();
  });
});

describe('refined, checked against z.refine itself', () => {
  const even = (value: number) => value % 2 === 0;
  const values: unknown[] = [2, 3, -4, 1.5, 'two', null, undefined];

  it('reports as z.refine, with or without an error, a path or abort', () => {
    for (const params of [undefined, { error: 'must be even' }, { error: 'even', path: ['n'] }, { abort: true }]) {
      same(z.number().check(refined(even, params)), z.number().check(z.refine(even, params)), values);
      same(
        z.number().check(refined(even, params), z.maximum(2)),
        z.number().check(z.refine(even, params), z.maximum(2)),
        values,
      );
      same(
        z.object({ n: z.number().check(refined(even, params)) }),
        z.object({ n: z.number().check(z.refine(even, params)) }),
        values.map((n) => ({ n })),
      );
    }
  });
});

describe('booleanSchema, checked against z.boolean itself', () => {
  it('takes true and false only, and reports as z.boolean, alone and in an object', () => {
    const values: unknown[] = [true, false, 0, 1, 'true', null, undefined, {}];
    same(booleanSchema, z.boolean(), values);
    same(z.object({ flag: booleanSchema }), z.object({ flag: z.boolean() }), [...values.map((flag) => ({ flag })), {}]);
    same(z.object({ flag: z.optional(booleanSchema) }), z.object({ flag: z.optional(z.boolean()) }), [
      ...values.map((flag) => ({ flag })),
      {},
    ]);
  });
});

describe('numberSchema, checked against z.number itself', () => {
  it('takes finite numbers only, and reports as z.number, with checks after it and in an object', () => {
    const values: unknown[] = [
      0,
      -1,
      2.5,
      1e300,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      '1',
      null,
      undefined,
    ];
    same(numberSchema, z.number(), values);
    same(numberSchema.check(z.maximum(2)), z.number().check(z.maximum(2)), values);
    same(
      numberSchema.check(refined(Number.isInteger, { error: 'expected int', abort: true }), z.minimum(0)),
      z.number().check(z.refine(Number.isInteger, { error: 'expected int', abort: true }), z.minimum(0)),
      values,
    );
    same(z.object({ n: numberSchema }), z.object({ n: z.number() }), [...values.map((n) => ({ n })), {}]);
  });
});

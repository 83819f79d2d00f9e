import { z } from 'zod/mini';

/**
 * Zod kinds built from a pipe (a first step into a transform) for the background, whose 45 KB
 * budget is the tightest: each zod kind it uses costs it its whole class, and these are used by a
 * handful of schemas only. Each follows its zod class (zod/v4/core/schemas.js) step by step, so
 * the same inputs are accepted and refused with the same issues at the same paths, as
 * lean-kinds.test.ts checks against zod's own `z.record`, `z.discriminatedUnion`, `z.lazy`,
 * `z.union`, `z.nullable`, `z.refine`, `z.boolean` and `z.number`. Their parts run with the
 * context zod gives a synchronous parse; nothing here parses async. A tagged union's options are
 * objects (or pipes from objects), whose shapes name their tags.
 */

type Schema = z.core.$ZodType;
type Payload = z.core.ParsePayload;

const CTX = { async: false };

/** Runs a schema on a value, its issues added to the payload's as they are (paths relative to it). */
function runInto(schema: Schema, value: unknown, payload: Payload): unknown {
  const result = schema._zod.run({ value, issues: [] }, CTX) as Payload;
  payload.issues.push(...result.issues);
  return result.value;
}

/**
 * A schema whose checking is `check`, typed as the schema it stands for. An object may lack a field
 * whose schema is optional-in: the pipe is when its first step is (a transform is, `z.unknown()`
 * is not), as zod's union and nullable are when one of their parts is.
 */
const built = <Out, In>(check: (input: unknown, payload: Payload) => unknown, optionalIn = false) =>
  z.pipe(optionalIn ? z.transform((input) => input) : z.unknown(), z.transform(check)) as unknown as z.ZodMiniType<
    Out,
    In
  >;

/** Whether a part makes its union or nullable optional-in; an optional-out part is not supported here. */
function optionalIn(parts: readonly Schema[]): boolean {
  if (parts.some((part) => part._zod.optin === 'defaulted' || part._zod.optout === 'optional')) {
    throw new Error('lean kinds take no default or optional part: use zod');
  }
  return parts.some((part) => part._zod.optin !== undefined);
}

/**
 * `z.record(key, value)` for string keys: a plain object only; its own enumerable keys in order,
 * `__proto__` skipped; a key its schema refuses is an `invalid_key` issue at that key; a value's
 * issues are its own, under its key; a fresh object out.
 */
export function recordOf<K extends z.ZodMiniType<string, string>, V extends Schema>(key: K, value: V) {
  return built<Record<z.output<K>, z.output<V>>, Record<z.input<K>, z.input<V>>>((input, payload) => {
    if (!z.core.util.isPlainObject(input)) {
      payload.issues.push({ expected: 'record', code: 'invalid_type', input });
      return input;
    }
    const out: Record<PropertyKey, unknown> = {};
    for (const name of Reflect.ownKeys(input)) {
      if (name === '__proto__' || !Object.prototype.propertyIsEnumerable.call(input, name)) continue;
      const keyResult = (key as Schema)._zod.run({ value: name, issues: [] }, CTX) as Payload;
      if (keyResult.issues.length) {
        payload.issues.push({
          code: 'invalid_key',
          origin: 'record',
          issues: keyResult.issues.map((issue) => z.core.util.finalizeIssue(issue, CTX, z.core.config())),
          input: name,
          path: [name],
        });
        continue;
      }
      const result = value._zod.run({ value: input[name], issues: [] }, CTX) as Payload;
      payload.issues.push(...z.core.util.prefixIssues(name, result.issues));
      out[name] = result.value;
    }
    return out;
  });
}

/**
 * `z.discriminatedUnion(key, options)`: an object only; the option its `key` names (as each option's
 * shape lists the values it takes) checks it; none: an `invalid_union` issue at the key naming the
 * values there are. The table is made at the first check, as zod makes it.
 */
export function taggedUnion<const T extends readonly [Schema, ...Schema[]]>(key: string, options: T) {
  let table: Map<unknown, Schema | null> | undefined;
  const optionFor = (value: unknown) => {
    if (!table) {
      table = new Map();
      for (const [index, option] of options.entries()) {
        const values = option._zod.propValues?.[key];
        if (!values?.size) throw new Error(`Invalid discriminated union option at index "${index}"`);
        for (const tag of values) {
          if (table.has(tag) && tag !== undefined) throw new Error(`Duplicate discriminator value "${String(tag)}"`);
          table.set(tag, table.has(tag) ? null : option);
        }
      }
    }
    return table.get(value);
  };
  return built<z.output<T[number]>, z.input<T[number]>>((input, payload) => {
    if (!z.core.util.isObject(input)) {
      payload.issues.push({ code: 'invalid_type', expected: 'object', input });
      return input;
    }
    const option = optionFor((input as Record<string, unknown>)[key]);
    if (option) return runInto(option, input, payload);
    payload.issues.push({
      code: 'invalid_union',
      errors: [],
      note: 'No matching discriminator',
      discriminator: key,
      options: [...(table?.keys() ?? [])].filter((tag) => table?.get(tag) !== null),
      input,
      path: [key],
    } as z.core.$ZodRawIssue);
    return input;
  });
}

/** `z.lazy(getter)`: the getter's schema, made at the first check and kept. */
export function lazyOf<Out, In = Out>(getter: () => z.ZodMiniType<Out, In>) {
  let inner: Schema | undefined;
  return built<Out, In>((input, payload) => {
    inner ??= getter();
    return runInto(inner, input, payload);
  });
}

/**
 * `z.union(options)`: the first option that takes the input; else the issues of the one option that
 * did not stop early, if only one; else an `invalid_union` issue with every option's issues.
 */
export function unionOf<const T extends readonly [Schema, Schema, ...Schema[]]>(options: T) {
  return built<z.output<T[number]>, z.input<T[number]>>((input, payload) => {
    const results: Payload[] = [];
    for (const option of options) {
      const result = option._zod.run({ value: input, issues: [] }, CTX) as Payload;
      if (result.issues.length === 0) return result.value;
      results.push(result);
    }
    const going = results.filter((result) => !z.core.util.aborted(result));
    const [only] = going;
    if (going.length === 1 && only) {
      payload.issues.push(...only.issues);
      return only.value;
    }
    payload.issues.push({
      code: 'invalid_union',
      input,
      errors: results.map((result) =>
        result.issues.map((issue) => z.core.util.finalizeIssue(issue, CTX, z.core.config())),
      ),
    });
    return input;
  }, optionalIn(options));
}

/** `z.nullable(inner)`: null as it is, anything else checked by `inner`. */
export function nullableOf<T extends Schema>(inner: T) {
  return built<z.output<T> | null, z.input<T> | null>(
    (input, payload) => (input === null ? null : runInto(inner, input, payload)),
    optionalIn([inner]),
  );
}

/**
 * `z.refine(fn, params)` as a superRefine, whose check class the background has anyway (z.refine's
 * is a schema class of its own): the same `custom` issue with its message, path and `continue`.
 */
export function refined<T>(
  fn: (value: T) => boolean,
  params: { error?: string; abort?: boolean; path?: string[] } = {},
) {
  return z.superRefine((value: T, ctx) => {
    if (fn(value)) return;
    ctx.addIssue({
      code: 'custom',
      input: value,
      path: [...(params.path ?? [])],
      continue: !params.abort,
      ...(params.error === undefined ? {} : { message: params.error }),
    });
  });
}

/** `z.boolean()`: true or false, else its `invalid_type` issue. */
export const booleanSchema = built<boolean, boolean>((input, payload) => {
  if (typeof input !== 'boolean') payload.issues.push({ expected: 'boolean', code: 'invalid_type', input });
  return input;
});

/** `z.number()`: a finite number, else its `invalid_type` issue (naming the NaN or infinity it got). */
export const numberSchema = built<number, number>((input, payload) => {
  if (typeof input === 'number' && Number.isFinite(input)) return input;
  const received = typeof input === 'number' ? { received: Number.isNaN(input) ? 'NaN' : String(input) } : {};
  payload.issues.push({ expected: 'number', code: 'invalid_type', input, ...received });
  return input;
});

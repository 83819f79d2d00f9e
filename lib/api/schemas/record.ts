import { z } from 'zod/mini';

type Parser = z.core.$ZodType;

/**
 * `z.record(key, value)` for string keys, built from a pipe instead: `z.record`'s class is the
 * largest zod part left in the background (0.5 KB gzip), for four uses. It follows `$ZodRecord`
 * (zod/v4/core/schemas.js) step by step: a plain object only; its own enumerable keys in order,
 * `__proto__` skipped; a key its schema refuses is an `invalid_key` issue at that key; a value's
 * issues are its own, under its key; a fresh object out. So the same inputs are accepted and
 * refused, with the same issues, as `record.test.ts` checks against `z.record` itself.
 */
export function recordOf<K extends z.ZodMiniType<string, string>, V extends z.core.$ZodType>(key: K, value: V) {
  const keyParser = key as Parser;
  const valueParser: Parser = value;
  return z.pipe(
    z.unknown(),
    z.transform((input, payload) => {
      if (!z.core.util.isPlainObject(input)) {
        payload.issues.push({ expected: 'record', code: 'invalid_type', input });
        return input;
      }
      const ctx = { async: false };
      const out: Record<PropertyKey, unknown> = {};
      for (const name of Reflect.ownKeys(input)) {
        if (name === '__proto__' || !Object.prototype.propertyIsEnumerable.call(input, name)) continue;
        const keyResult = keyParser._zod.run({ value: name, issues: [] }, ctx) as z.core.ParsePayload;
        if (keyResult.issues.length) {
          payload.issues.push({
            code: 'invalid_key',
            origin: 'record',
            issues: keyResult.issues.map((issue) => z.core.util.finalizeIssue(issue, ctx, z.core.config())),
            input: name,
            path: [name],
          });
          continue;
        }
        const result = valueParser._zod.run({ value: input[name], issues: [] }, ctx) as z.core.ParsePayload;
        payload.issues.push(...z.core.util.prefixIssues(name, result.issues));
        out[name] = result.value;
      }
      return out;
    }),
  ) as unknown as z.ZodMiniType<Record<z.output<K>, z.output<V>>, Record<z.input<K>, z.input<V>>>;
}

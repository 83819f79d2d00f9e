/**
 * The rules file's JSON Schema, generated from its zod schema (lib/capture/rules-schema.ts) with
 * zod's own `toJSONSchema`, which reads zod/mini schemas as well. Written to
 * docs/capture-rules.schema.json by `npm run rules-schema`; a unit test fails when the committed
 * file is not what the schema gives. Checks that JSON Schema cannot say (a URL pattern that
 * URLPattern accepts) are left to the import.
 */
import { z } from 'zod/mini';
import { rulesFileSchema } from '../lib/capture/rules-schema';

export const RULES_JSON_SCHEMA_FILE = 'docs/capture-rules.schema.json';

export function rulesJsonSchemaText(): string {
  const schema = {
    ...z.toJSONSchema(rulesFileSchema, { target: 'draft-2020-12' }),
    title: 'Space Clipper capture rules',
    description:
      'Rules that save pages as typed objects: what each rule matches, the type it saves as, and where each property takes its value from. See lib/capture/README.md.',
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULES_JSON_SCHEMA_FILE, rulesJsonSchemaText } from './rules-json-schema';

describe('the rules file’s JSON Schema', () => {
  it('is committed as the zod schema gives it (npm run rules-schema writes it)', () => {
    const committed = readFileSync(path.resolve(import.meta.dirname, '..', RULES_JSON_SCHEMA_FILE), 'utf8');
    // Compared as JSON: the file is laid out by the project's formatter after it is written.
    expect(JSON.parse(committed)).toEqual(JSON.parse(rulesJsonSchemaText()));
  });

  it('describes field sources as the import reads them, unknown fields allowed', () => {
    const schema = JSON.parse(rulesJsonSchemaText());
    const rule = schema.properties.rules.items;
    expect(rule.required).toEqual(['name', 'enabled', 'match', 'target']);
    expect(rule.additionalProperties).toEqual({});
    const sources = rule.properties.fields.additionalProperties.oneOf.map(
      (option: { properties: { source: { const?: string; enum?: string[] } } }) =>
        option.properties.source.const ?? option.properties.source.enum,
    );
    expect(sources).toEqual([
      expect.arrayContaining(['authors', 'doi']),
      'jsonLd',
      'microdata',
      'meta',
      'selector',
      'fixed',
    ]);
  });
});

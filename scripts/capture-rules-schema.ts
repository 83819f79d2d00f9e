/**
 * `npm run rules-schema`: writes the capture rules file's JSON Schema, generated from its zod
 * schema, to docs/capture-rules.schema.json (scripts/rules-json-schema.ts). The library code
 * is loaded through Vite, which resolves its extensionless imports as the build does.
 */
import { execFileSync } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { runnerImport } from 'vite';

const ROOT = path.resolve(import.meta.dirname, '..');
const { module } = await runnerImport<typeof import('./rules-json-schema.ts')>(
  path.join(ROOT, 'scripts/rules-json-schema.ts'),
  { configFile: false, logLevel: 'error', resolve: { alias: { '@': ROOT } } },
);
const file = path.join(ROOT, module.RULES_JSON_SCHEMA_FILE);
await writeFile(file, module.rulesJsonSchemaText());
// Laid out as the project's formatter wants it, so that `npm run lint` stays quiet.
execFileSync('npx', ['biome', 'format', '--write', file], { cwd: ROOT, stdio: 'ignore' });
console.log(`Wrote ${path.relative(ROOT, file)}`);

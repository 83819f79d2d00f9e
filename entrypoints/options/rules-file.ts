/**
 * Importing and exporting capture rules ("Import rules", "Export rules", `npm run extract
 * --rules`). An import names the first thing wrong, with its path in the file
 * (`rules[2].fields.authors.source: expected one of "title", "authors", …`), so a person who
 * edited the file by hand finds the mistake. The detail is technical English, like a JSON
 * Schema validator's; the options page puts it inside a sentence of its own, in the person's
 * language.
 */

import { type CaptureRule, RULES_FILE_VERSION, type RulesFile, rulesFileSchema } from '@/lib/capture/rules-schema';
import { issueDetail, issuePath } from './issue-text';

export type RulesImport = { ok: true; file: RulesFile } | { ok: false; path: string; message: string };

/** A rules file read from JSON text (or already parsed), or what is wrong with it first. */
export function parseRulesFile(input: string | unknown): RulesImport {
  let data: unknown = input;
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input);
    } catch (error) {
      return { ok: false, path: '(the file)', message: `not JSON: ${(error as Error).message}` };
    }
  }
  const version = (data as { version?: unknown } | null)?.version;
  if (typeof version === 'number' && version > RULES_FILE_VERSION) {
    return {
      ok: false,
      path: 'version',
      message: `version ${version} is newer than this Space Clipper reads (${RULES_FILE_VERSION})`,
    };
  }
  const result = rulesFileSchema.safeParse(data);
  if (result.success) return { ok: true, file: result.data };
  const [issue] = result.error.issues;
  if (!issue) return { ok: false, path: '(the file)', message: 'not a rules file' };
  return { ok: false, path: issuePath(issue), message: issueDetail(issue) };
}

/** `rules[2].fields.authors.source: expected one of …`: an import error as one line. */
export function describeImportError(error: Extract<RulesImport, { ok: false }>): string {
  return `${error.path}: ${error.message}`;
}

/**
 * The file "Export rules" writes: the rules as stored (with any fields this version does not
 * know) and the format's version; with `schemaUrl`, where its JSON Schema is, for editors that
 * complete and check the file.
 */
export function exportRulesFile(rules: readonly CaptureRule[], schemaUrl?: string): string {
  const file: RulesFile = {
    ...(schemaUrl ? { $schema: schemaUrl } : {}),
    version: RULES_FILE_VERSION,
    rules: [...rules],
  };
  return `${JSON.stringify(file, null, 2)}\n`;
}

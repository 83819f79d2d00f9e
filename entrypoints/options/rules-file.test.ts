import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { fixtureRulesJson } from '../../tests/support/capture-pages';
import { describeImportError, exportRulesFile, parseRulesFile, type RulesImport } from './rules-file';

const rule = (overrides: Record<string, unknown> = {}) => ({
  name: 'Paper',
  enabled: true,
  match: { meta: ['citation_title'] },
  target: { kind: 'object', structureId: 's1', structureTitle: 'Paper' },
  fields: { authors: { source: 'authors' } },
  ...overrides,
});

function failure(input: unknown): string {
  const result: RulesImport = parseRulesFile(input);
  if (result.ok) throw new Error('expected the import to fail');
  return describeImportError(result);
}

describe('importing a rules file', () => {
  it('reads the fixture rules file', () => {
    const result = parseRulesFile(JSON.stringify(fixtureRulesJson()));
    expect(result.ok && result.file.rules.map(({ name }) => name)).toEqual(['Paper', 'Recipe', 'Article']);
  });

  it('names the first wrong field with its path and what was expected there', () => {
    const message = failure({
      version: 1,
      rules: [rule(), rule(), rule({ fields: { authors: { source: 'writers' } } })],
    });
    expect(message).toMatch(/^rules\[2\]\.fields\.authors\.source: expected one of "title", "authors", .*"fixed"$/);
  });

  it.each([
    [{ version: 1, rules: [rule({ name: '' })] }, 'rules[0].name: expected a non-empty text'],
    [{ version: 1, rules: [rule({ enabled: 'yes' })] }, 'rules[0].enabled: expected boolean'],
    [
      { version: 1, rules: [rule({ keep: 'everything' })] },
      'rules[0].keep: expected one of "link", "article", "selection"',
    ],
    [
      { version: 1, rules: [rule({ target: { kind: 'object', structureId: 's1' } })] },
      'rules[0].target.structureTitle: expected string',
    ],
    [
      { version: 1, rules: [rule({ target: { kind: 'page' } })] },
      'rules[0].target.kind: expected one of "weblink", "object"',
    ],
    [
      { version: 1, rules: [rule({ match: { urls: ['https://exa mple.com/*'] } })] },
      'rules[0].match.urls[0]: expected a URL pattern',
    ],
    [
      { version: 1, rules: [rule({ fields: { 'my id': { source: 'meta' } } })] },
      'rules[0].fields["my id"].name: expected string',
    ],
    [
      { version: 1, rules: [rule({ fields: { a: { source: 'jsonLd', path: 'a..b' } } })] },
      'rules[0].fields.a.path: expected a dotted path of names',
    ],
    [{ rules: [] }, 'version: expected 1'],
    [[], '(the file): expected object'],
  ])('explains %j', (input, message) => {
    expect(failure(input)).toBe(message);
  });

  it('reads the example in lib/capture/README.md', () => {
    const readme = readFileSync(path.join(import.meta.dirname, '../../lib/capture/README.md'), 'utf8');
    const example = /```json\n([\s\S]*?)```/.exec(readme)?.[1] ?? '';
    const result = parseRulesFile(example);
    expect(result.ok ? result.file.rules[0]?.name : describeImportError(result)).toBe('Paper');
  });

  it('refuses a file of a newer version, saying so', () => {
    expect(failure({ version: 2, rules: [] })).toBe('version: version 2 is newer than this Space Clipper reads (1)');
  });

  it('refuses text that is not JSON', () => {
    expect(failure('{"version": 1,')).toMatch(/^\(the file\): not JSON: /);
  });

  it('keeps fields it does not know, at every level, through an import and an export', () => {
    const input = {
      version: 1,
      madeBy: 'a newer Space Clipper',
      rules: [
        rule({
          colour: 'teal',
          match: { meta: ['citation_title'], languages: ['en'] },
          target: { kind: 'weblink', future: true },
          fields: { authors: { source: 'authors', transform: 'upper' } },
          tags: [{ id: 't1', title: 'Papers', pinned: true }],
        }),
      ],
    };
    const imported = parseRulesFile(input);
    if (!imported.ok) throw new Error(describeImportError(imported));
    const again = parseRulesFile(exportRulesFile(imported.file.rules));
    expect(again.ok && again.file.rules).toEqual(input.rules);
    expect(imported.file).toMatchObject({ madeBy: 'a newer Space Clipper' });
  });

  it('exports the version and, when given, where the schema is', () => {
    const rules = [rule() as CaptureRule];
    expect(JSON.parse(exportRulesFile(rules))).toEqual({ version: 1, rules });
    expect(JSON.parse(exportRulesFile(rules, 'https://example.com/schema.json')).$schema).toBe(
      'https://example.com/schema.json',
    );
  });
});

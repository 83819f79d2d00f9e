import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import vitestConfig from '../../vitest.config.ts';

/**
 * Rules of the code's shape that a reader relies on (issue "One shape per idea"): lib/ is the
 * layer everything else builds on, so it never reaches up into the UI or into test support; no
 * source file outside tests/ grows past 300 lines unless its first comment says why it must be one
 * file (with the words "one file"); and every unit test file is one vitest runs, which it finds
 * beside the code it tests or among the tests of the whole tree (tests/unit, not below).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['lib', 'components', 'entrypoints', 'scripts', 'bench'];
const MAX_LINES = 300;

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)));
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file);

function imports(file: string): string[] {
  const code = readFileSync(path.join(ROOT, file), 'utf8');
  return [...code.matchAll(/(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s+['"]([^'"]+)['"]/g)].map(
    (match) => match[1] ?? '',
  );
}

/** Where an import specifier points, relative to the project root ('@/' is the root). */
function target(file: string, specifier: string): string {
  if (specifier.startsWith('@/')) return specifier.slice(2);
  if (specifier.startsWith('.')) return path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier));
  return specifier;
}

describe('the shape of the code', () => {
  it('lib/ (outside its tests) imports nothing from components/ or tests/', () => {
    const offending = sourceFiles('lib')
      .filter((file) => !isTest(file))
      .flatMap((file) =>
        imports(file)
          .map((specifier) => target(file, specifier))
          .filter((resolved) => /^(components|tests)(\/|$)/.test(resolved))
          .map((resolved) => `${file} → ${resolved}`),
      );
    expect(offending).toEqual([]);
  });

  it(`no source file outside tests/ is over ${MAX_LINES} lines unless its first comment says why it is one file`, () => {
    const long = SOURCE_DIRS.flatMap(sourceFiles)
      .filter((file) => !isTest(file))
      .filter((file) => {
        const code = readFileSync(path.join(ROOT, file), 'utf8');
        if (code.split('\n').length <= MAX_LINES) return false;
        const firstComment = /\/\*\*?([\s\S]*?)\*\//.exec(code)?.[1] ?? '';
        return !/one file/i.test(firstComment);
      });
    expect(long).toEqual([]);
  });

  it('every *.test.ts(x) file is one vitest runs: a test in a folder no project includes would never run', () => {
    const included = (vitestConfig.test?.projects ?? []).flatMap((project) =>
      typeof project === 'object' && 'test' in project ? (project.test?.include ?? []) : [],
    );
    const never = readdirSync(ROOT, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
      .filter((file) => !/^(node_modules|\.output|\.wxt)\//.test(file))
      .filter((file) => !included.some((pattern) => path.matchesGlob(file, pattern)));
    expect(never).toEqual([]);
  });
});

/**
 * Pages for the capture tests: the fixtures written for them (tests/fixtures/capture/, also
 * served to the end-to-end tests at `/capture/<name>.html`) and real pages of the shared corpus,
 * parsed without running anything, at the address given.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Lookup } from '../../lib/capture/lookups';
import type { PageReading } from '../../lib/capture/page-values';
import { readPage } from '../../lib/capture/read-page';
import { parseSpaceFile, type SpaceFile } from '../../scripts/space-file';
import { CORPUS_DIR, parsePage } from './clip/corpus';

export const CAPTURE_FIXTURES = path.resolve(import.meta.dirname, '../fixtures/capture');

/** A fixture of tests/fixtures/capture, as a document at `url`. */
export function fixtureDocument(name: string, url: string): Document {
  return parsePage(fs.readFileSync(path.join(CAPTURE_FIXTURES, `${name}.html`), 'utf8'), url);
}

/** A page of the shared corpus, as a document at `url`. */
export function corpusDocument(name: string, url: string): Document {
  return parsePage(fs.readFileSync(path.join(CORPUS_DIR, 'pages', name, 'source.html'), 'utf8'), url);
}

export function readFixture(name: string, url: string, lookups: Lookup[] = []): PageReading {
  return readPage(fixtureDocument(name, url), url, lookups);
}

export function readCorpusPage(name: string, url: string, lookups: Lookup[] = []): PageReading {
  return readPage(corpusDocument(name, url), url, lookups);
}

/** tests/fixtures/capture/space.json: a Paper type with Authors → Person, a Recipe type, tags, Ada Lovelace. */
export function fixtureSpace(): SpaceFile {
  const parsed = parseSpaceFile(JSON.parse(fs.readFileSync(path.join(CAPTURE_FIXTURES, 'space.json'), 'utf8')));
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.file;
}

/** tests/fixtures/capture/rules.json as JSON (Paper, Recipe, Article). */
export function fixtureRulesJson(): unknown {
  return JSON.parse(fs.readFileSync(path.join(CAPTURE_FIXTURES, 'rules.json'), 'utf8'));
}

/** Only what a value is: the page values of one name without their origins. */
export function valuesOf(reading: PageReading, name: keyof PageReading['values']): string[] {
  return (reading.values[name] ?? []).map(({ value }) => value);
}

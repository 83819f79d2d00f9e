/**
 * `npm run extract -- <page.html> --url <address> [--rules rules.json] [--space space.json] [--now <ISO time>]`
 *
 * Prints, as JSON, what a clip of a saved page would hold: every page value found with where it
 * came from, the rule that matches, the type, the fields, the links (found in the space, or to
 * create), the rule's tags, the suggested tags and the notes. For rule authors, and for tests on
 * real saved pages.
 *
 * It runs the extension's own capture code (lib/capture/capture-script.ts) on the page as a
 * browser parses it: headless Chromium loads the file as if from `--url` (the address rules
 * match and relative links resolve against), with the page's own scripts off and every other
 * request refused, so a saved page can neither change itself nor reach the network. The space
 * file's format is in scripts/space-file.ts.
 */
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { build, runnerImport } from 'vite';
import type { CaptureAnswer, CaptureRequest, runCapture } from '../lib/capture/capture-script.ts';
import { CHROMIUM_PATH, ROOT } from './extension-browser.ts';

const USAGE =
  'usage: npm run extract -- <page.html> --url <address> [--rules rules.json] [--space space.json] [--now <ISO time>]';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const { values: options, positionals } = parseArgs({
  allowPositionals: true,
  options: { url: { type: 'string' }, rules: { type: 'string' }, space: { type: 'string' }, now: { type: 'string' } },
});
const [pageFile] = positionals;
if (!pageFile || !options.url) fail(USAGE);
const pageUrl = options.url;
if (!URL.canParse(pageUrl) || !/^https?:$/.test(new URL(pageUrl).protocol)) fail(`--url must be an http(s) address`);
const now = options.now ? Date.parse(options.now) : Date.now();
if (Number.isNaN(now)) fail('--now must be a date and time, such as 2026-01-31T12:00:00Z');

const vite = { configFile: false as const, logLevel: 'error' as const, resolve: { alias: { '@': ROOT } } };
const { module: lib } = await runnerImport<typeof import('./extract-node.ts')>(
  path.join(ROOT, 'scripts/extract-node.ts'),
  vite,
);

async function readJson(file: string, what: string): Promise<unknown> {
  try {
    return JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    fail(`${what} ${file}: ${(error as Error).message}`);
  }
}

let rules: CaptureRequest['rules'] = [];
if (options.rules) {
  const imported = lib.parseRulesFile(await readJson(options.rules, 'rules file'));
  if (!imported.ok) fail(`rules file ${options.rules}: ${lib.describeImportError(imported)}`);
  rules = imported.file.rules;
}
let space: ReturnType<typeof lib.parseSpaceFile> | undefined;
if (options.space) {
  space = lib.parseSpaceFile(await readJson(options.space, 'space file'));
  if (!space.ok) fail(`space file ${options.space}: ${space.message}`);
}
const spaceFile = space?.ok ? space.file : null;

/** The capture script's code as one classic script, built from the same sources as the extension's. */
async function captureBundle(): Promise<string> {
  const outDir = path.join(os.tmpdir(), `space-clipper-extract-${process.pid}`);
  await build({
    ...vite,
    build: {
      outDir,
      emptyOutDir: true,
      lib: {
        entry: path.join(ROOT, 'scripts/extract-entry.ts'),
        formats: ['iife'],
        name: 'extract',
        fileName: () => 'x.js',
      },
    },
  });
  return readFile(path.join(outDir, 'x.js'), 'utf8');
}

/** The saved page's bytes, with the charset its own `<meta>` names, else UTF-8. */
function contentType(html: Buffer): string {
  const head = html.subarray(0, 2048).toString('latin1');
  return /<meta[^>]+charset/i.test(head) ? 'text/html' : 'text/html; charset=utf-8';
}

async function capture(): Promise<CaptureAnswer> {
  const html = await readFile(pageFile as string).catch((error: Error) => fail(`page ${pageFile}: ${error.message}`));
  const bundle = await captureBundle();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    const documentUrl = new URL(pageUrl);
    documentUrl.hash = '';
    await page.route('**/*', (route) =>
      route.request().url() === documentUrl.href && route.request().resourceType() === 'document'
        ? route.fulfill({ status: 200, contentType: contentType(html), body: html })
        : route.abort(),
    );
    await page.goto(pageUrl, { waitUntil: 'domcontentloaded' });
    const request: CaptureRequest = { rules, space: spaceFile?.space ?? null, clip: { now } };
    // The bundle defines its function on the page's window; the page's own scripts stay off.
    await page.evaluate(bundle);
    return await page.evaluate(
      (request) =>
        (window as unknown as { spaceClipperCapture: typeof runCapture }).spaceClipperCapture(
          document,
          window.location.href,
          request,
        ),
      request,
    );
  } finally {
    await browser.close();
  }
}

const answer = await capture();
const applied = answer.applied;
const objects = spaceFile?.objects ?? [];
const report = {
  url: answer.reading.url,
  pageValues: answer.reading.values,
  types: answer.reading.types,
  lookups: answer.reading.lookups,
  rule: applied ? { index: applied.ruleIndex, name: applied.ruleName } : null,
  matchingRules: answer.matching.map((index) => rules[index]?.name),
  type: applied
    ? { ...applied.target, structureId: applied.structureId }
    : { kind: 'weblink', note: 'no rule matched: a clip saves a weblink, as without rules' },
  title: applied?.title ?? answer.reading.values.title?.[0]?.value ?? answer.reading.url,
  fields: applied?.properties ?? {},
  fieldSources: applied?.fieldTexts ?? {},
  links: (applied?.links ?? []).map((link) => ({
    propertyId: link.propertyId,
    property: link.propertyName,
    structureIds: link.structureIds,
    outcomes: lib.resolveLinks(link, objects),
  })),
  createMissing: applied?.createMissing ?? false,
  tags: applied?.tags ?? [],
  suggestedTags: answer.suggestedTags,
  collection: applied?.collection ?? null,
  keep: applied?.keep ?? null,
  notes: applied?.notes ?? null,
  missing: applied?.missing ?? [],
};
console.log(JSON.stringify(report, null, 2));

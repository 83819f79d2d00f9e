import { spawnSync } from 'node:child_process';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { ARTICLE_READER_SCRIPT } from '../../../entrypoints/background/injected-scripts.ts';
import { ROOT } from '../env';
import type { ZipEntries } from './zip-archive';

/** One finding of `web-ext lint` (addons.mozilla.org's validator), as its JSON output gives it. */
export interface LintMessage {
  code: string;
  message: string;
  file?: string;
  line?: number;
  column?: number;
}

export interface LintReport {
  errors: LintMessage[];
  warnings: LintMessage[];
  notices: LintMessage[];
}

/** Runs `web-ext lint` on exactly the files of a package, unpacked into a temporary folder. */
export async function lintPackage(entries: ZipEntries): Promise<LintReport> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-lint-'));
  try {
    for (const [name, content] of entries) {
      await mkdir(path.dirname(path.join(dir, name)), { recursive: true });
      await writeFile(path.join(dir, name), content);
    }
    const run = spawnSync(
      path.join(ROOT, 'node_modules', '.bin', 'web-ext'),
      ['lint', '--source-dir', dir, '--output', 'json', '--no-config-discovery', '--no-input'],
      { cwd: ROOT, encoding: 'utf8' },
    );
    // The exit status only says whether there were errors; the JSON says which.
    const report = run.stdout.slice(run.stdout.indexOf('{'));
    if (report === '') throw new Error(`web-ext lint gave no report: ${run.stderr}`);
    return JSON.parse(report) as LintReport;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * Whether a finding is one of React DOM's own `innerHTML` assignments: the two places (`setProp`
 * and `setPropOnCustomElement` in react-dom-client.production.js) where it applies the
 * `dangerouslySetInnerHTML` prop. Recognised in the minified code by their shape: the flagged
 * `x.innerHTML = y`, where `y` was just read from `.__html` under `case "dangerouslySetInnerHTML"`.
 * Our code never passes that prop (Biome's `noDangerouslySetInnerHtml` is an error here), so
 * these lines never receive page data; any other `innerHTML` finding is ours and fails.
 */
export function isReactDomInnerHtmlSetter(finding: LintMessage, entries: ZipEntries): boolean {
  if (finding.code !== 'UNSAFE_VAR_ASSIGNMENT' || !finding.file || !finding.line || !finding.column) return false;
  const line = entries.get(finding.file)?.toString('utf8').split('\n')[finding.line - 1];
  if (line === undefined) return false;
  const at = finding.column - 1;
  const assigned = /^[\w$]+\.innerHTML=([\w$]+)/.exec(line.slice(at, at + 40))?.[1];
  if (assigned === undefined) return false;
  const before = line.slice(Math.max(0, at - 300), at);
  const caseLabel = before.lastIndexOf('dangerouslySetInnerHTML');
  if (caseLabel === -1) return false;
  const readFromHtml = new RegExp(`(^|[^\\w$])${assigned.replaceAll('$', '\\$')}=[\\w$]+\\.__html`);
  return readFromHtml.test(before.slice(caseLabel));
}

/**
 * Whether a finding is one of Readability's own two `innerHTML` assignments in the article script,
 * which runs it on an inert copy of the page (lib/clip/inert-page-copy.ts: no scripts, no loads):
 * restoring the copy's body between attempts (`page.innerHTML = pageCacheHtml`, followed by
 * `this._attempts.push`) and unwrapping a `<noscript>` image (`tmp.innerHTML = noscript.innerHTML`
 * after `getElementsByTagName("noscript")`). Recognised by those shapes in the minified code; any
 * other `innerHTML` finding in the article script fails.
 */
export function isReadabilityInertCopySetter(finding: LintMessage, entries: ZipEntries): boolean {
  if (finding.code !== 'UNSAFE_VAR_ASSIGNMENT' || finding.file !== ARTICLE_READER_SCRIPT.slice(1)) return false;
  if (!finding.line || !finding.column) return false;
  const line = entries.get(finding.file)?.toString('utf8').split('\n')[finding.line - 1];
  if (line === undefined) return false;
  const at = finding.column - 1;
  const after = line.slice(at, at + 80);
  const restoresPage = /^[\w$]+\.innerHTML=[\w$]+,this\._attempts\.push\(/.test(after);
  const noscriptImage =
    /^[\w$]+\.innerHTML=[\w$]+\.innerHTML;/.test(after) &&
    line.slice(Math.max(0, at - 300), at).includes('getElementsByTagName(`noscript`)');
  return restoresPage || noscriptImage;
}

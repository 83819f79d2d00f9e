/**
 * What the build puts into a web page: the scripts the background injects must not let the page
 * see them run. WXT's content scripts announce every start on the page's document (an event
 * named `<extension id>:<script>:wxt:content-script-started`) and, unless told not to, with a
 * `postMessage`; the extension's id is public, so any page could tell when Space Clipper reads it.
 * Built here, for both browsers, in a mode of its own so that no other build is disturbed.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  HIGHLIGHTER_SCRIPT,
  HIGHLIGHTER_STYLESHEET,
  INJECTED_SCRIPTS,
} from '../../entrypoints/background/injected-scripts';
import { REVISIT_SCRIPT } from '../../lib/highlight-revisit';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MODE = 'built-scripts-test';
const BROWSERS = ['chrome', 'firefox'] as const;
const outDir = (browser: string) => path.join(ROOT, '.output', `${browser}-mv3-${MODE}`);

/** Every script of a build, relative to its folder. */
function scriptsOf(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js'))
    .map((file) => file.split(path.sep).join('/'));
}

beforeAll(() => {
  for (const browser of BROWSERS) {
    execFileSync('npx', ['wxt', 'build', '-b', browser, '--mode', MODE], {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  }
}, 120_000);

afterAll(() => {
  for (const browser of BROWSERS) rmSync(outDir(browser), { recursive: true, force: true });
});

describe.each(BROWSERS)('the %s build', (browser) => {
  it('holds the scripts the background injects (and the one the revisit option registers), and none can signal the page', () => {
    const scripts = scriptsOf(outDir(browser));
    for (const injected of [...INJECTED_SCRIPTS, HIGHLIGHTER_SCRIPT, REVISIT_SCRIPT]) {
      expect(scripts).toContain(injected.slice(1));
      const code = readFileSync(path.join(outDir(browser), injected), 'utf8');
      expect(code).not.toMatch(/dispatchEvent|postMessage/);
    }
  });

  it("holds the highlighter's stylesheet, which the browser injects beside its script", () => {
    const css = readFileSync(path.join(outDir(browser), HIGHLIGHTER_STYLESHEET), 'utf8');
    expect(css).toContain('::highlight(space-clipper-yellow)');
  });

  it('has no content script that announces itself: no script contains "content-script-started"', () => {
    const announcing = scriptsOf(outDir(browser)).filter((file) =>
      readFileSync(path.join(outDir(browser), file), 'utf8').includes('content-script-started'),
    );
    expect(announcing).toEqual([]);
  });
});

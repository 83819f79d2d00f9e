import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { INJECTED_SCRIPTS } from '../../../entrypoints/background/injected-scripts.ts';
import { isLoopbackHost } from '../../../lib/api/base-url.ts';
import { ROOT } from '../env';
import { isReactDomInnerHtmlSetter, isReadabilityInertCopySetter, type LintMessage, lintPackage } from './web-ext-lint';
import { readZip, type ZipEntries } from './zip-archive';

/**
 * The packages `npm run zip` makes for the Chrome Web Store and addons.mozilla.org, read from the
 * zip files themselves: what a store receives, not the build folders next to them.
 */

/** Never changes: addons.mozilla.org and Firefox identify the add-on (and its storage) by it. */
const FIREFOX_ADDON_ID = 'space-clipper@spaceclipper.app';
/** What store/permissions.md explains to both stores; change them together. */
const FIREFOX_DATA_COLLECTION = ['websiteContent'];
/** The handlers the e2e and bench builds expose on the background (entrypoints/background). */
const TEST_HOOKS = 'spaceClipperTestHooks';
/** AMO takes 50 characters of (localised) name, the Chrome Web Store 75; both 132 of description. */
const MAX_NAME_LENGTH = 50;
const MAX_DESCRIPTION_LENGTH = 132;

const packageJson = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
};
const KINDS = ['chrome', 'firefox', 'sources'] as const;
const zipPath = (kind: (typeof KINDS)[number]) =>
  path.join(ROOT, '.output', `${packageJson.name}-${packageJson.version}-${kind}.zip`);

interface Manifest {
  manifest_version: number;
  version: string;
  default_locale?: string;
  key?: string;
  icons?: Record<string, string>;
  host_permissions?: string[];
  background?: { service_worker?: string; scripts?: string[] };
  action?: { default_popup?: string };
  options_ui?: { page?: string };
  browser_specific_settings?: {
    gecko?: { id?: string; data_collection_permissions?: { required?: string[]; optional?: string[] } };
  };
}

const manifestOf = (entries: ZipEntries): Manifest => JSON.parse(text(entries, 'manifest.json')) as Manifest;

function text(entries: ZipEntries, name: string): string {
  const content = entries.get(name);
  if (!content) throw new Error(`the package has no ${name}`);
  return content.toString('utf8');
}

function loopbackHostPermissions(manifest: Manifest): string[] {
  return (manifest.host_permissions ?? []).filter((pattern) => {
    const host = /^[a-z*]+:\/\/([^/]*)\//.exec(pattern)?.[1] ?? '';
    return isLoopbackHost(host.replace(/:\d+$/, ''));
  });
}

function filesWith(entries: ZipEntries, needle: string): string[] {
  return [...entries]
    .filter(([name, content]) => /\.(js|html)$/.test(name) && content.toString('utf8').includes(needle))
    .map(([name]) => name);
}

/** Every file the manifest names, and the default locale's messages. */
function filesNamedBy(manifest: Manifest): string[] {
  return [
    ...Object.values(manifest.icons ?? {}),
    ...(manifest.background?.service_worker ? [manifest.background.service_worker] : []),
    ...(manifest.background?.scripts ?? []),
    ...(manifest.action?.default_popup ? [manifest.action.default_popup] : []),
    ...(manifest.options_ui?.page ? [manifest.options_ui.page] : []),
    ...(manifest.default_locale ? [`_locales/${manifest.default_locale}/messages.json`] : []),
  ];
}

// One worker reads every package, built once: the build writes the same folders for each reader.
test.describe.configure({ mode: 'default' });

let chrome: ZipEntries;
let firefox: ZipEntries;
let sources: ZipEntries;

test.beforeAll(async () => {
  // Two production builds and three zips: more than a browser step, on a busy 2-core machine too.
  test.setTimeout(180_000);
  // A package left from an earlier run must not pass for this one.
  await Promise.all(KINDS.map((kind) => rm(zipPath(kind), { force: true })));
  execFileSync('npm', ['run', 'zip'], { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  [chrome, firefox, sources] = await Promise.all([
    readZip(zipPath('chrome')),
    readZip(zipPath('firefox')),
    readZip(zipPath('sources')),
  ]);
});

test('the Chrome package has no key, no loopback host permission and no Firefox-only keys', () => {
  const manifest = manifestOf(chrome);
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.version).toBe(packageJson.version);
  expect(manifest).not.toHaveProperty('key');
  expect(manifest).not.toHaveProperty('browser_specific_settings');
  expect(manifest.host_permissions?.length).toBeGreaterThan(0);
  expect(manifest.host_permissions?.filter((pattern) => !pattern.startsWith('https://'))).toEqual([]);
  expect(loopbackHostPermissions(manifest)).toEqual([]);
  expect(manifest.background?.service_worker).toBe('background.js');
});

test('the Firefox package has its add-on id, its data-collection declaration and no loopback host permission', () => {
  const manifest = manifestOf(firefox);
  expect(manifest.manifest_version).toBe(3);
  expect(manifest.version).toBe(packageJson.version);
  expect(manifest).not.toHaveProperty('key');
  expect(manifest.browser_specific_settings?.gecko?.id).toBe(FIREFOX_ADDON_ID);
  expect(manifest.browser_specific_settings?.gecko?.data_collection_permissions).toEqual({
    required: FIREFOX_DATA_COLLECTION,
  });
  expect(manifest.host_permissions?.filter((pattern) => !pattern.startsWith('https://'))).toEqual([]);
  expect(loopbackHostPermissions(manifest)).toEqual([]);
  expect(manifest.background?.scripts).toEqual(['background.js']);
});

test('neither package carries the test hooks or source maps of the e2e and bench builds', () => {
  for (const entries of [chrome, firefox]) {
    expect(filesWith(entries, TEST_HOOKS)).toEqual([]);
    expect([...entries.keys()].filter((name) => name.endsWith('.map'))).toEqual([]);
  }
});

test('every file a manifest names is in its package, with the scripts it injects', () => {
  for (const entries of [chrome, firefox]) {
    const injected = INJECTED_SCRIPTS.map((script) => script.slice(1));
    const missing = [...filesNamedBy(manifestOf(entries)), ...injected].filter((name) => !entries.has(name));
    expect(missing).toEqual([]);
  }
});

test("every locale gives the manifest its messages within the stores' limits", () => {
  for (const entries of [chrome, firefox]) {
    const manifest = manifestOf(entries);
    const referenced = [...text(entries, 'manifest.json').matchAll(/__MSG_(\w+)__/g)].map(([, key]) => key as string);
    const locales = [...entries.keys()].filter((name) => /^_locales\/[^/]+\/messages\.json$/.test(name));
    expect(locales).toContain(`_locales/${manifest.default_locale}/messages.json`);
    for (const file of locales) {
      const messages = JSON.parse(text(entries, file)) as Record<string, { message: string } | undefined>;
      // A key missing from the default locale stops the browser from loading the extension.
      if (file === `_locales/${manifest.default_locale}/messages.json`) {
        expect(
          referenced.filter((key) => !messages[key]),
          file,
        ).toEqual([]);
      }
      expect(messages.extName?.message.length ?? 0, `${file}: extName`).toBeLessThanOrEqual(MAX_NAME_LENGTH);
      expect(messages.extDescription?.message.length ?? 0, `${file}: extDescription`).toBeLessThanOrEqual(
        MAX_DESCRIPTION_LENGTH,
      );
    }
  }
});

test("the popup's first load is its chunk, the bundler's runtime and one stylesheet, in both packages", () => {
  // Each page is built on its own (wxt.config.ts, onePageChunk): five files here made the popup's
  // opening about 3 ms slower (bench/popup-speed.md).
  for (const entries of [chrome, firefox]) {
    const html = text(entries, 'popup.html');
    const loaded = [...html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*\shref)="([^"]+)"/g)].map(([, file]) => file);
    expect(loaded.sort()).toEqual([
      expect.stringMatching(/^\/assets\/popup-[\w-]+\.css$/),
      expect.stringMatching(/^\/chunks\/popup-[\w-]+\.js$/),
      expect.stringMatching(/^\/chunks\/rolldown-runtime-[\w-]+\.js$/),
    ]);
  }
});

test("web-ext lint finds no error, no notice and no warning but React DOM's and Readability's own innerHTML setters", async () => {
  const report = await lintPackage(firefox);
  expect(report.errors).toEqual([]);
  expect(report.notices).toEqual([]);
  const known = (warning: LintMessage) =>
    isReactDomInnerHtmlSetter(warning, firefox) || isReadabilityInertCopySetter(warning, firefox);
  expect(report.warnings.filter((warning) => !known(warning))).toEqual([]);
  // Exactly the six known ones: React DOM's two in each page's chunk (popup, options), each page
  // being built with its own React, and Readability's two (store/README.md).
  expect(report.warnings).toHaveLength(6);
  const reactDomFiles = report.warnings
    .filter((warning) => isReactDomInnerHtmlSetter(warning, firefox))
    .map((warning) => warning.file);
  expect([...new Set(reactDomFiles)].sort()).toEqual([
    expect.stringMatching(/^chunks\/options-/),
    expect.stringMatching(/^chunks\/popup-/),
  ]);
});

test('the sources package holds what a reviewer rebuilds from, and no build output or secrets', () => {
  const names = [...sources.keys()];
  for (const needed of ['package.json', 'package-lock.json', 'wxt.config.ts', 'tsconfig.json', 'store/README.md']) {
    expect(names, needed).toContain(needed);
  }
  expect(names.filter((name) => /^(node_modules|\.output|\.wxt|store\/screenshots)\/|(^|\/)\.env/.test(name))).toEqual(
    [],
  );
  expect((JSON.parse(text(sources, 'package.json')) as { version: string }).version).toBe(packageJson.version);
});

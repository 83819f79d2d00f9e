/**
 * The store documents say what the code does (issue #20, N5): every place the extension keeps
 * something, every script it injects into a page, and every permission it asks for are named in
 * the privacy policy, and every permission has its answer in store/permissions.md. What they must
 * name is read from the code (the modules below, the source, the manifest), never from a list kept
 * here, so a new storage item, database store or injected script fails this test until the
 * documents name it. If a module moves, its import line below is the one to change.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import * as injectedScripts from '@/entrypoints/background/injected-scripts';
import { saveServiceSettings } from '@/lib/auth/settings';
import * as choices from '@/lib/choices';
import { db } from '@/lib/db';
import { REVISIT_SCRIPT } from '@/lib/highlight-revisit';
import * as storage from '@/lib/storage';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SOURCE_DIRS = ['lib', 'entrypoints', 'components'];
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const PRIVACY_POLICY = 'store/privacy-policy.md';
const PERMISSIONS = 'store/permissions.md';

/** Where something is kept; the privacy policy has one `###` part per place, named in its heading. */
type Place = 'local' | 'session' | 'sync' | 'localStorage' | 'sessionStorage' | 'IndexedDB';
const HEADING_MARK: Record<Place, string> = {
  local: '`storage.local`',
  session: '`storage.session`',
  sync: '`storage.sync`',
  localStorage: '`localStorage`',
  sessionStorage: '`sessionStorage`',
  IndexedDB: 'IndexedDB',
};

interface Kept {
  place: Place | 'nowhere found';
  name: string;
}

/** The product's source files, tests left out. */
function sourceFiles(): string[] {
  return SOURCE_DIRS.flatMap((dir) =>
    readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name))
      .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name))),
  );
}

const source = () => sourceFiles().map(read).join('\n');

/** An export of the storage module that keeps a value under a key: a storage item, or a page's own. */
interface KeyedItem {
  key: string;
  setValue?: (value: unknown) => Promise<void>;
  write?: (value: boolean) => void;
}

const isKeyedItem = (value: unknown): value is KeyedItem =>
  typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';

/** Each exported item of the storage module, written once, found where it landed. */
async function exportedStorageItems(): Promise<Kept[]> {
  const kept: Kept[] = [];
  for (const value of Object.values(storage)) {
    if (!isKeyedItem(value)) continue;
    const { key } = value;
    if (typeof value.setValue === 'function') {
      await value.setValue('written by the test');
      const found: Place[] = [];
      for (const area of ['local', 'session', 'sync'] as const) {
        if ((await fakeBrowser.storage[area].get(key))[key] !== undefined) found.push(area);
      }
      kept.push(...(found.length > 0 ? found : (['nowhere found'] as const)).map((place) => ({ place, name: key })));
    } else if (typeof value.write === 'function') {
      value.write(true);
      const place = (['localStorage', 'sessionStorage'] as const).find(
        (area) => globalThis[area].getItem(key) !== null,
      );
      kept.push({ place: place ?? 'nowhere found', name: key });
    }
  }
  return kept;
}

/**
 * Storage keys the source names anywhere: `defineItem('area:name')`, a page's own `localStorage`
 * or `sessionStorage`, and a direct `storage.<area>.set({ name: … })`, so an item declared outside
 * the storage module is found too.
 */
function storageKeysInSource(): Kept[] {
  const code = source();
  return [
    ...[...code.matchAll(/defineItem\b[^'"`]*?['"`](local|session|sync):([\w$.-]+)['"`]/g)].map((match) => ({
      place: match[1] as Place,
      name: match[2] as string,
    })),
    ...[...code.matchAll(/(localStorage|sessionStorage)\??\.(?:getItem|setItem)\(\s*['"`]([^'"`]+)['"`]/g)].map(
      (match) => ({ place: match[1] as Place, name: match[2] as string }),
    ),
    ...[...code.matchAll(/storage\.(local|session|sync)\.set\(\{\s*([\w$]+)\s*:/g)].map((match) => ({
      place: match[1] as Place,
      name: match[2] as string,
    })),
  ];
}

/** An export of the choices module: a value the background keeps in the database. */
interface Choice {
  getValue(): Promise<unknown>;
  setValue(value: unknown): Promise<void>;
}

const isChoice = (value: unknown): value is Choice =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Partial<Choice>).getValue === 'function' &&
  typeof (value as Partial<Choice>).setValue === 'function';

/** The extension's database: its stores, and the named records of `settings`, as the code writes them. */
async function databaseContents(): Promise<Kept[]> {
  for (const value of Object.values(choices) as unknown[]) {
    if (isChoice(value)) await value.setValue(await value.getValue());
  }
  await saveServiceSettings({});
  const database = await db();
  const records = (await database.getAllKeys('settings')).map(String);
  return [...database.objectStoreNames, ...records].map((name) => ({ place: 'IndexedDB', name }));
}

/** The policy's `###` part for a place (heading line included), or '' when it has none. */
function partFor(policy: string, place: Kept['place']): string {
  if (place === 'nowhere found') return '';
  const parts = policy.split(/\n(?=#{2,3} )/);
  return parts.find((part) => /^### .*/.exec(part)?.[0].includes(HEADING_MARK[place])) ?? '';
}

/** What the policy does not name, in `code font`, in the part for the place it is kept. */
function unnamed(kept: Kept[], policy: string): string[] {
  const missing = kept.filter((item) => !partFor(policy, item.place).includes(`\`${item.name}\``));
  return [...new Set(missing.map((item) => `${item.place}: ${item.name}`))];
}

/**
 * Every `scripting.executeScript` call of the source: the files it injects (resolved through the
 * injected-scripts module's exports) and the functions it runs in the page.
 */
function injectionsInSource(): { files: string[]; funcs: string[]; unreadable: string[] } {
  const exports = injectedScripts as Record<string, unknown>;
  const files: string[] = [];
  const funcs: string[] = [];
  const unreadable: string[] = [];
  for (const [, call] of source().matchAll(/executeScript\(\{([\s\S]*?)\}\)/g)) {
    const named = /files:\s*\[([^\]]*)\]/.exec(call ?? '')?.[1];
    const func = /func:\s*([\w$]+)/.exec(call ?? '')?.[1];
    if (named !== undefined) {
      for (const entry of named.split(',').map((part) => part.trim())) {
        const literal = /^['"`](.*)['"`]$/.exec(entry)?.[1];
        const value = literal ?? exports[entry];
        if (typeof value === 'string') files.push(value);
        // The background's one runner injects a declared page script, whose file is typed as one of INJECTED_SCRIPTS.
        else if (entry === 'script.file') files.push(...injectedScripts.INJECTED_SCRIPTS);
        else unreadable.push(entry);
      }
    } else if (func !== undefined) funcs.push(func);
    else unreadable.push(call ?? '');
  }
  return { files, funcs, unreadable };
}

/** What the store packages' manifests ask for: permissions and host permissions, both browsers. */
async function manifestPermissions(): Promise<{ permissions: string[]; hosts: string[] }> {
  // The store build's service address, whatever the shell running the tests says.
  vi.stubEnv('SPACE_CLIPPER_API_BASE_URL', undefined);
  vi.resetModules();
  const { default: config } = await import('../../wxt.config.ts');
  const permissions = new Set<string>();
  const hosts = new Set<string>();
  for (const browser of ['chrome', 'firefox']) {
    const manifest =
      typeof config.manifest === 'function'
        ? await config.manifest({ browser, mode: 'production', command: 'build', manifestVersion: 3 })
        : await config.manifest;
    for (const permission of [...(manifest?.permissions ?? []), ...(manifest?.optional_permissions ?? [])]) {
      permissions.add(permission);
    }
    for (const host of [...(manifest?.host_permissions ?? []), ...(manifest?.optional_host_permissions ?? [])]) {
      hosts.add(host);
    }
  }
  return { permissions: [...permissions], hosts: [...hosts] };
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the store documents', () => {
  it('the privacy policy names every storage item, in the part for the place it is kept', async () => {
    const kept = [...(await exportedStorageItems()), ...storageKeysInSource()];
    expect(kept.length).toBeGreaterThan(0);
    expect(unnamed(kept, read(PRIVACY_POLICY))).toEqual([]);
  });

  it('the privacy policy names every store and every named record of the extension’s database', async () => {
    const kept = await databaseContents();
    expect(kept.length).toBeGreaterThan(0);
    expect(unnamed(kept, read(PRIVACY_POLICY))).toEqual([]);
  });

  it('the privacy policy and the permission answers name every script injected into a page, and no other', () => {
    const { files, funcs, unreadable } = injectionsInSource();
    expect(unreadable).toEqual([]);
    // Every injected file is one the build is checked for (tests/unit/built-scripts.test.ts).
    expect(files.filter((file) => !(injectedScripts.INJECTED_SCRIPTS as readonly string[]).includes(file))).toEqual([]);
    // The documents say no script is registered to run on pages by itself, but for one option they
    // describe, "Show my highlights when I revisit a page", registered in this one module.
    expect(sourceFiles().filter((file) => /\.registerContentScripts\(/.test(read(file)))).toEqual([
      'entrypoints/options/highlight-revisit.ts',
    ]);
    expect(source()).not.toMatch(/\btabs\.executeScript\b/);
    const names = [
      ...injectedScripts.INJECTED_SCRIPTS.map((file) => path.basename(file)),
      path.basename(REVISIT_SCRIPT),
      ...funcs,
    ];
    for (const document of [PRIVACY_POLICY, PERMISSIONS]) {
      const text = read(document);
      expect(
        names.filter((name) => !text.includes(`\`${name}\``)),
        `${document} does not name`,
      ).toEqual([]);
    }
    // Nor does the policy name a script the code no longer injects (an old file name).
    const named = [...read(PRIVACY_POLICY).matchAll(/[\w./-]+\.js\b/g)].map(([name]) => path.basename(name));
    expect(named.filter((name) => !names.includes(name))).toEqual([]);
  });

  it('store/permissions.md answers for every permission, and the privacy policy names each', async () => {
    const { permissions, hosts } = await manifestPermissions();
    expect(permissions.length).toBeGreaterThan(0);
    const answers = read(PERMISSIONS);
    const policy = read(PRIVACY_POLICY);
    expect(permissions.filter((permission) => !answers.includes(`**${permission}**`))).toEqual([]);
    expect(hosts.filter((host) => !answers.includes(`\`${host}\``))).toEqual([]);
    expect([...permissions, ...hosts].filter((name) => !policy.includes(`\`${name}\``))).toEqual([]);
  });
});

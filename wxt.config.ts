import type { Plugin, UserConfig } from 'vite';
import { defineConfig } from 'wxt';
import { originPattern } from './lib/auth/origin-pattern.ts';
import { terserPass } from './scripts/terser-pass.ts';

/**
 * Public half of the development/test signing key. With it, Chrome derives the fixed extension id
 * `kooidenmidbebafggpphlmfpiafeiocd`, so `identity.getRedirectURL()` is stable and the emulator can
 * register it as an OAuth redirect URI. Production (store) builds leave it out: the store assigns
 * the real id. The private half is not needed for unpacked builds and is not kept.
 */
const DEV_PUBLIC_KEY =
  'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAqVkiKak/fLib4ULz59NxnRAnPXkx/Sp6xwbyq5Wszyi9HTHAkmZ3tv' +
  'fe8LL8sYEEKvx2GxRQc6A/w2G/ezHq6mcO2f1iJ47HChD3jCLWrI423CWg3O7wAHhbJ0FXfKSlFDWlrLkGhDVIuVITS8w1DNmV' +
  'mtV6Skm8C2DjkSO8/3kBWFPq4I+Z74boZNWw70X+TtezQGI0GDNjQVTLYcqriRMaFSHxluZTrhuy+HRmHTcwEX5vH1vhJwF8eF' +
  'kAxnkvHhQNXLJnVG0JFTl0vHLDwygdoA1GLRPkqzCTduj5M+BLehEkylNevIArzlTYHnIbLTyHOgDcGp5XtNvoTUj10wIDAQAB';

/** Fixed Firefox add-on id: its storage and `identity` redirect URL survive reinstalls. */
const FIREFOX_ADDON_ID = 'space-clipper@spaceclipper.app';

/**
 * The service's address and OAuth client id baked into a build. Store builds use the real service;
 * `npm start`, the demo and the tests build against the local emulator by setting these variables.
 */
const API_BASE_URL = process.env.SPACE_CLIPPER_API_BASE_URL ?? 'https://api.workspace-notes.app';
const OAUTH_CLIENT_ID = process.env.SPACE_CLIPPER_OAUTH_CLIENT_ID ?? 'space-clipper';

/**
 * The API-version header sent with every API request, beside the base URL it belongs to. The live
 * service's published reference names its form, `X-` + the service's product name +
 * `-Api-Version`, value `1.0.0`, and says the service may require it, but not the product's name
 * (../shared/spec/published-reference.md, "Unknown"). The default takes the name this service is
 * known by here, Workspace Notes (the spec's title, the default address): where the header is
 * not needed it costs nothing, where it is, a build for the real service sets the real name. An
 * empty `SPACE_CLIPPER_API_VERSION_HEADER` sends no header at all.
 */
export const DEFAULT_API_VERSION_HEADER = 'X-Workspace-Notes-Api-Version';
const API_VERSION_HEADER = process.env.SPACE_CLIPPER_API_VERSION_HEADER ?? DEFAULT_API_VERSION_HEADER;
const API_VERSION = process.env.SPACE_CLIPPER_API_VERSION || '1.0.0';

/** Compile-time constants read by lib/build-config.ts (also used by the unit tests' build). */
export const BUILD_DEFINES = {
  __API_BASE_URL__: JSON.stringify(API_BASE_URL),
  __OAUTH_CLIENT_ID__: JSON.stringify(OAUTH_CLIENT_ID),
  __API_HEADERS__: JSON.stringify(API_VERSION_HEADER.trim() ? { [API_VERSION_HEADER.trim()]: API_VERSION } : {}),
};

/**
 * The extension pages' (and the service worker's) content security policy, stricter than the
 * browsers' default: no plugins, no <base> or form posts to elsewhere, and images only from the
 * extension (Chrome's favicon cache is served from it) or inline data, so the popup can never load
 * an address a page named.
 */
const EXTENSION_PAGES_CSP = [
  "script-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "img-src 'self' data:",
].join('; ');

/**
 * Each page is built on its own (the hook `entrypoints:grouped` below), so that the popup loads
 * three files before its first paint (its chunk, the bundler's runtime, one stylesheet), not five
 * (a chunk shared with the options page besides its own, and two stylesheets): each file is a
 * fetch the page's parser starts and a module the page links, about 3 ms of the popup's opening
 * in all (bench/popup-speed.md). The price is a second copy of React and of the shared code in the
 * package, which no page loads twice.
 *
 * Left to itself, Rolldown cuts the code a page loads first into one chunk per set of its lazy
 * parts that use some of it too (eight files in the popup's first load), and every file costs its
 * imports, exports and a gzip dictionary of its own. One group keeps the modules the page loads
 * first (`$initial`) in its own chunk; what only lazy parts use stays with them.
 */
const onePageChunk: Plugin = {
  name: 'space-clipper:one-page-chunk',
  config: (config: UserConfig) => {
    const [page, ...others] = htmlInputs(config);
    return page !== undefined && others.length === 0
      ? { build: { rolldownOptions: { output: { codeSplitting: { groups: [{ name: page, tags: ['$initial'] }] } } } } }
      : undefined;
  },
};

/** The names of the HTML pages a build has as its inputs (none for the scripts, built one file each). */
function htmlInputs(config: UserConfig): string[] {
  const input = config.build?.rolldownOptions?.input ?? config.build?.rollupOptions?.input;
  const named = typeof input === 'string' ? { [input]: input } : Array.isArray(input) ? {} : (input ?? {});
  return Object.entries(named)
    .filter(([, path]) => path.endsWith('.html'))
    .map(([name]) => name);
}

export default defineConfig({
  modules: ['@wxt-dev/module-react'],
  manifestVersion: 3,
  // Explicit imports everywhere: easier to follow and to check for unused code than globals.
  imports: false,
  vite: () => ({
    build: {
      sourcemap: process.env.BUNDLE_SOURCEMAP === '1',
      // Chrome, and Firefox from 115 (140 here), preload modules themselves: Vite's polyfill is dead code.
      modulePreload: { polyfill: false },
    },
    plugins: [onePageChunk],
    define: BUILD_DEFINES,
  }),
  hooks: {
    // WXT builds the HTML pages together: each is built on its own instead (`onePageChunk`).
    'entrypoints:grouped': (_wxt, groups) => {
      const pages = groups.find((group) => Array.isArray(group) && group.some((entry) => entry.type === 'popup'));
      if (!Array.isArray(pages) || pages.length < 2) return;
      const [first, ...others] = pages;
      pages.splice(0, pages.length, first as (typeof pages)[number]);
      groups.push(...others.map((page) => [page]));
    },
    // The background's budget is the tightest (45 KB gzip): its chunk alone gets a second pass.
    'vite:build:extendConfig': (entrypoints, config) => {
      if (entrypoints.some((entrypoint) => entrypoint.type === 'background')) {
        config.plugins = [...(config.plugins ?? []), terserPass('background.js')];
      }
    },
  },
  zip: {
    excludeSources: [
      '.output/**',
      'bench/out/**',
      'test-results/**',
      'playwright-report/**',
      // Listing images, not sources: addons.mozilla.org reviewers rebuild from code only.
      'store/screenshots/**',
    ],
  },
  manifest: ({ mode, browser }) => ({
    name: '__MSG_extName__',
    short_name: 'Space Clipper',
    description: '__MSG_extDescription__',
    default_locale: 'en',
    homepage_url: 'https://github.com/space-clipper/space-clipper',
    permissions: [
      'activeTab',
      'scripting',
      'contextMenus',
      'storage',
      'identity',
      'alarms',
      'notifications',
      // Chrome's favicon cache for the popup's page icon (no install warning); Firefox has no such service.
      ...(browser === 'chrome' ? ['favicon'] : []),
    ],
    host_permissions: [
      originPattern(API_BASE_URL),
      // Local builds only: the made-up sites the store screenshots clip (scripts/sample-article-server.ts).
      ...(mode === 'production' ? [] : (process.env.SPACE_CLIPPER_EXTRA_HOSTS ?? '').split(',').filter(Boolean)),
    ],
    // Another service is asked for when the base URL changes; plain http only on this computer.
    // Every site (http too) only while "Show my highlights when I revisit a page" is on (#23).
    optional_host_permissions: ['https://*/*', 'http://127.0.0.1/*', 'http://localhost/*', 'http://*/*'],
    content_security_policy: { extension_pages: EXTENSION_PAGES_CSP },
    action: { default_title: '__MSG_actionTitle__' },
    commands: {
      _execute_action: { suggested_key: { default: 'Alt+Shift+S' }, description: '__MSG_commandOpenPopup__' },
      'save-page': { suggested_key: { default: 'Alt+Shift+P' }, description: '__MSG_commandSavePage__' },
      'add-selection-to-daily-note': {
        suggested_key: { default: 'Alt+Shift+D' },
        description: '__MSG_commandAddToDailyNote__',
      },
      'highlight-selection': { suggested_key: { default: 'Alt+Shift+H' }, description: '__MSG_highlightSelection__' },
    },
    ...(browser === 'chrome' && mode !== 'production' ? { key: DEV_PUBLIC_KEY } : {}),
    // Firefox only: Chrome lists it as an "Unrecognized manifest key" on its extensions page.
    ...(browser === 'firefox'
      ? {
          browser_specific_settings: {
            gecko: {
              id: FIREFOX_ADDON_ID,
              strict_min_version: '140.0',
              // Clips (page content and URLs) go to the person's own workspace service, nowhere else.
              data_collection_permissions: { required: ['websiteContent'] },
            },
            gecko_android: {
              // The data-collection declaration needs Firefox for Android 142.
              strict_min_version: '142.0',
            },
          },
        }
      : {}),
  }),
});

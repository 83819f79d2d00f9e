/**
 * `npm run bench`: measures Space Clipper against its budgets (DESIGN.md), each relative figure
 * against a baseline measured in the same run: bundle sizes of the store build; popup readiness
 * against an empty React popup; API requests per save; HTML → Markdown against plain turndown;
 * article extraction against Readability + turndown; draining the outbox under rate limiting, and
 * under the published reference's limits; re-anchoring highlights against an exact search, and the
 * time to draw a new one; capture rules + page metadata against Readability's parse. Prints the
 * table and writes it to bench/results.md. Exits non-zero when a budget is missed.
 * `--only size,popup,refusal,convert,article,drain,highlights,capture` runs a subset.
 * `--only suite` times the whole `npm test` (bench/suite.ts), which no other run does: it takes
 * minutes, and only its own section of bench/results.md changes.
 */
import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import react from '@vitejs/plugin-react';
import { build } from 'vite';
import {
  buildForEmulator,
  CHROMIUM_PATH,
  connectWithToken,
  extensionIdOf,
  launchChromiumWithExtension,
  ROOT,
  waitForOnboardingTab,
} from '../scripts/extension-browser.ts';
import { CORPUS_DIR, startFixtureServer } from '../scripts/fixture-server.ts';
import { DEMO, DEMO_TOKENS } from '../tests/emulator/seed.ts';
import { startEmulator } from '../tests/emulator/server.ts';
import { benchArticleExtraction } from './article.ts';
import { benchCapture } from './capture.ts';
import { benchConversion } from './convert.ts';
import { benchDrain } from './drain.ts';
import { benchHighlights } from './highlights.ts';
import { benchPopupReadiness, benchRequestCounts, benchSizeRefusal } from './popup.ts';
import { benchPublishedDrain } from './published-drain.ts';
import { type BenchSection, renderMarkdown, writeReport } from './report.ts';
import { measureEntrypointSizes } from './size.ts';
import { benchSuite, SUITE_TITLE } from './suite.ts';

const { values } = parseArgs({ options: { only: { type: 'string' } } });
const only = values.only ? new Set(values.only.split(',')) : undefined;
const wants = (part: string) => only === undefined || only.has(part);
const RESULTS = path.join(ROOT, 'bench', 'results.md');

/** The bench drives the e2e build (the emulator's address, the test hooks) on its own port. */
const BENCH_PORT = 18788;
const BENCH_MODE = 'bench';
const sections: BenchSection[] = [];
const quiet = { stdio: ['ignore', 'ignore', 'inherit'] as ('ignore' | 'inherit')[] };

if (only?.has('suite')) sections.push(await benchSuite());

if (wants('size')) {
  execFileSync('npx', ['wxt', 'build'], { cwd: ROOT, ...quiet });
  sections.push({
    title: 'Bundle size (Chrome store build)',
    rows: await measureEntrypointSizes(path.join(ROOT, '.output', 'chrome-mv3')),
    notes: ['Each entrypoint with every chunk it imports statically, gzip level 9 per file.'],
  });
}

if (wants('popup') || wants('refusal') || wants('convert') || wants('article') || wants('drain')) {
  const { chromeDir } = buildForEmulator({ mode: BENCH_MODE, apiBaseUrl: `http://127.0.0.1:${BENCH_PORT}` });
  // The floor: an empty React popup, built in this run and served from the same extension.
  await build({
    root: path.join(ROOT, 'bench', 'floor'),
    base: './',
    plugins: [react()],
    logLevel: 'error',
    build: { outDir: path.join(chromeDir, 'floor'), emptyOutDir: true },
  });
  const emulator = await startEmulator({ port: BENCH_PORT, rateLimits: { enabled: false } });
  const pages = await startFixtureServer();
  const profile = await mkdtemp(path.join(os.tmpdir(), 'space-clipper-bench-'));
  const context = await launchChromiumWithExtension({
    extensionDir: chromeDir,
    userDataDir: profile,
    headless: true,
    // The corpus pages name trackers and stylesheets on the web: no name resolves here but this
    // machine's, so a page's load never waits on a lookup the offline machine lets hang (a run once
    // timed out loading gmw while its stylesheets' host was being looked up).
    args: ['--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1, EXCLUDE localhost'],
  });
  try {
    const extensionId = await extensionIdOf(context);
    const options = await waitForOnboardingTab(context);
    await connectWithToken(options, DEMO_TOKENS.demo);
    const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
    const setup = {
      context,
      extensionId,
      clearPopupCache: () => worker.evaluate(() => chrome.storage.local.remove('popupQueryCache')),
      popupCacheKeys: () =>
        worker.evaluate(async () => {
          const { popupQueryCache } = await chrome.storage.local.get('popupQueryCache');
          const cache = JSON.parse(typeof popupQueryCache === 'string' ? popupQueryCache : '{}');
          return (cache.clientState?.queries ?? []).map((query: { queryKey: unknown[] }) => String(query.queryKey[0]));
        }),
      tabIdOf: async (page: import('@playwright/test').Page) =>
        worker.evaluate(async (url) => {
          const tabs = await chrome.tabs.query({});
          return tabs.find((tab) => tab.url === url)?.id as number;
        }, page.url()),
    };

    if (wants('popup')) {
      const rows = await benchPopupReadiness(setup, [
        { label: 'mozilla-1 (95 KB real page)', url: `${pages.url}/corpus/pages/mozilla-1/source.html`, budget: 1.5 },
        { label: 'wikipedia-2 (1 MB real page)', url: `${pages.url}/corpus/pages/wikipedia-2/source.html`, budget: 2 },
      ]);
      rows.push(...(await benchRequestCounts(setup, emulator, `${pages.url}/article.html`, 'spec')));
      // The same save against a server that ignores tags on create; another address, as a new page.
      emulator.reset({ profile: 'published' });
      rows.push(...(await benchRequestCounts(setup, emulator, `${pages.url}/article.html?edition=2`, 'published')));
      emulator.reset();
      sections.push({
        title: 'Popup',
        rows,
        notes: [
          'Ready = the Title box filled and "Save page" enabled, from navigation start, in headless Chromium.',
          "Each comparison opens the empty React popup (the floor) and the popup alternately, 15 pairs, and reports the median of the pairs' ratios with the middle half of them in brackets; warm is compared three times and must hold in each.",
          'Warm: the persisted query cache from an earlier open; cold: that cache cleared before each open.',
          'Requests per save: the spec profile applies the tag on create; the published profile ignores it, so the client completes the weblink with one PATCH /object.',
        ],
      });
    }

    if (wants('refusal')) {
      sections.push({
        title: 'A selection past the clip limit',
        rows: [
          await benchSizeRefusal(setup, {
            label: '25 MB selection',
            url: `${pages.url}/hostile-huge-selection.html`,
          }),
        ],
        notes: [
          'From navigation start of the popup to the status saying how large the selection is, "Add to daily note" clicked as soon as it is enabled, in headless Chromium. The page (tests/fixtures/hostile-huge-selection.html) selects about 25 MB of article text.',
        ],
      });
    }

    if (wants('convert')) {
      const bundleDir = path.join(ROOT, '.output', 'bench-convert');
      await build({
        configFile: false,
        logLevel: 'error',
        resolve: { alias: { '@': ROOT } },
        build: {
          outDir: bundleDir,
          emptyOutDir: true,
          lib: {
            entry: path.join(ROOT, 'bench', 'convert-entry.ts'),
            formats: ['iife'],
            name: 'bench',
            fileName: () => 'convert.js',
          },
        },
      });
      const bundle = await readFile(path.join(bundleDir, 'convert.js'), 'utf8');
      const names = readdirSync(path.join(CORPUS_DIR, 'pages'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
      sections.push({
        title: 'HTML → Markdown',
        rows: await benchConversion(context, bundle, `${pages.url}/corpus/pages`, names, 'wikipedia-2'),
        notes: [
          "Ours: the content script's path (selection → fragment → Markdown); plain: turndown + GFM plugin on the same selection. Median of 7 runs per page, alternating.",
        ],
      });
    }

    if (wants('article')) {
      sections.push({
        title: 'Article extraction',
        rows: await benchArticleExtraction(context, {
          root: ROOT,
          outDir: path.join(ROOT, '.output', 'bench-article'),
          pageUrl: `${pages.url}/corpus/pages/wikipedia-2/source.html`,
          label: 'wikipedia-2',
        }),
        notes: [
          "Ours: the article script's path (an inert copy, Readability, our converter); baseline: Readability + turndown with the GFM plugin on the same page. Median of 9 alternating runs in the same page.",
        ],
      });
    }

    if (wants('drain')) {
      emulator.reset();
      const page = await context.newPage();
      await page.goto(`chrome-extension://${extensionId}/options.html`);
      const rows = await benchDrain({ emulator, extensionPage: page, spaceId: DEMO.spaceId });
      rows.push(...(await benchPublishedDrain({ emulator, extensionPage: page })));
      sections.push({
        title: 'Outbox',
        rows,
        notes: [
          'Clips made while every API connection was dropped, then delivered once it answered again, through the same path as the browser coming back online. The drain starts as a rate-limit window opens; the minimum is the time until the window that has room for the last request opens.',
          "The published drain runs against the emulator's published profile: 10 POST /object/url and 30 PATCH /object per window and token, announced in a RateLimit header, 429s without Retry-After. Its windows are scaled from 60 s to 10 s (the same counts per window); the header's reset is in whole seconds, rounded up, which the client waits out in full.",
        ],
      });
    }
  } finally {
    await context.close();
    await pages.close();
    await emulator.close();
    await rm(profile, { recursive: true, force: true });
  }
}

if (wants('highlights')) {
  // The page's own Chromium, no extension: the highlighter's library runs in the page's world.
  const pages = await startFixtureServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true });
  try {
    sections.push({
      title: 'Highlights',
      rows: await benchHighlights(browser, {
        root: ROOT,
        outDir: path.join(ROOT, '.output', 'bench-highlights'),
        pageUrl: `${pages.url}/corpus/pages/wikipedia-2/source.html`,
      }),
      notes: [
        "Re-anchoring: the highlighter reads the page's text once (every text node under <body> but scripts, styles and the like, white space collapsed) and finds each highlight from its selectors; the floor is `document.body.textContent` and an exact `indexOf` of each quote in it. 200 quotes of 40 to 80 characters spread evenly over the page's text; median of 15 alternating runs each. As saved, each position still holds; after a paragraph is inserted at the top, none does and every quote is searched.",
        'Highlight selection: a paragraph selected, then the capture command run as the injected script runs it (selectors, styled runs, heading, text-fragment address, drawing); to the Highlight registered, and to the second animation frame after it (the first painted with the mark). Median of 21.',
      ],
    });
  } finally {
    await browser.close();
    await pages.close();
  }
}

if (wants('capture')) {
  // Page code only: no extension, no emulator.
  const pages = await startFixtureServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: ['--no-sandbox'] });
  try {
    sections.push({
      title: 'Capture rules',
      rows: await benchCapture(browser, {
        root: ROOT,
        outDir: path.join(ROOT, '.output', 'bench-capture'),
        pageUrl: `${pages.url}/corpus/pages/wikipedia-2/source.html`,
        label: 'wikipedia-2',
      }),
      notes: [
        "Ours: the capture script's whole work (every page value, the lookups of 8 rules, the first matching rule applied, tag suggestions among 1,007 tags); baseline: Readability's parse of `document.cloneNode(true)`. Median of 9 alternating runs in the same page.",
      ],
    });
  } finally {
    await browser.close();
    await pages.close();
  }
}

const meta = [
  `run: ${new Date().toISOString()}`,
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, Node ${process.versions.node}, ${execFileSync(
    process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    ['--version'],
  )
    .toString()
    .trim()}`,
];
console.log(renderMarkdown(sections, meta));
if (only === undefined) await writeReport(RESULTS, sections, meta);
else if (only.has('suite'))
  await writeReport(
    RESULTS,
    sections.filter((section) => section.title === SUITE_TITLE),
  );
const missed = sections.flatMap((section) => section.rows).filter((row) => !row.ok);
if (missed.length > 0) {
  console.error(`Budgets missed: ${missed.map((row) => row.figure).join('; ')}`);
  process.exitCode = 1;
}

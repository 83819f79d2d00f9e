import { browser } from 'wxt/browser';
import type { z } from 'zod/mini';
import type { ArticleCapture } from '@/lib/clip/article';
import type { PageCapture } from '@/lib/clip/page-capture';
import { PREFILL_REQUEST_KEY, type PrefillRequest } from '@/lib/clip/prefill-request';
import { HIGHLIGHTER_COMMAND_KEY } from '@/lib/highlighter/command-slot';
import type { HighlighterAnswer, HighlighterCommand } from '@/lib/highlighter/commands';
import { leavePageRequest } from '@/lib/page-request';
import { articleCaptureSchema } from './article-capture-schema';
import { highlighterAnswerSchema } from './highlighter-answer-schema';
import {
  ARTICLE_READER_SCRIPT,
  HIGHLIGHTER_SCRIPT,
  type INJECTED_SCRIPTS,
  PAGE_READER_SCRIPT,
} from './injected-scripts';
import { pageCaptureSchema } from './page-capture-schema';
import { type PrefillAnswer, prefillAnswerSchema } from './prefill-answer-schema';

/**
 * The scripts the background injects into a tab (./injected-scripts.ts names their files), each
 * with the schema its answer must pass, and the one way they are run. Unlisted scripts, not content scripts: nothing of them is announced to the page
 * (README, "Security and privacy"). Their answers are page data, checked like any input: the shape,
 * and a cap on every length, so that a page cannot push an unbounded answer into the worker.
 */
export interface PageScript<Answer, Request = never> {
  /** As the build writes it. */
  readonly file: (typeof INJECTED_SCRIPTS)[number];
  readonly answer: z.ZodMiniType<Answer>;
  /** Where a request is left for it before it runs (a symbol of the extension's own script world). */
  readonly requestKey?: Request extends never ? never : string;
}

/** Reads the page's metadata and its selection (lib/clip/page-capture.ts). */
export const PAGE_READER: PageScript<PageCapture> = { file: PAGE_READER_SCRIPT, answer: pageCaptureSchema };

/** Finds the page's article (lib/clip/article.ts); it carries a reader-mode library, so it runs only when asked. */
export const ARTICLE_READER: PageScript<ArticleCapture> = { file: ARTICLE_READER_SCRIPT, answer: articleCaptureSchema };

/** The article reader applying a quick clip's template to the page (lib/clip/article-script.ts). */
export const TEMPLATE_IN_PAGE: PageScript<PrefillAnswer, PrefillRequest> = {
  file: ARTICLE_READER_SCRIPT,
  answer: prefillAnswerSchema,
  requestKey: PREFILL_REQUEST_KEY,
};

/** The highlighter (lib/highlighter/), given one command. */
export const HIGHLIGHTER: PageScript<Exclude<HighlighterAnswer, { kind: 'done' | 'refused' }>, HighlighterCommand> = {
  file: HIGHLIGHTER_SCRIPT,
  answer: highlighterAnswerSchema,
  requestKey: HIGHLIGHTER_COMMAND_KEY,
};

/**
 * Runs a script in the tab (leaving it its request first, lib/page-request.ts) and answers what it answered, when its
 * schema accepts it; undefined where no script may run (no host access or activeTab grant, a
 * discarded tab, a page the browser protects) or when the answer is not one the script gives.
 */
export async function runInPage<Answer, Request>(
  tabId: number,
  script: PageScript<Answer, Request>,
  ...request: [Request] extends [never] ? [] : [Request]
): Promise<Answer | undefined> {
  try {
    if (script.requestKey !== undefined) {
      await browser.scripting.executeScript({
        target: { tabId },
        func: leavePageRequest,
        args: [script.requestKey, request[0]],
      });
    }
    const [injection] = await browser.scripting.executeScript({ target: { tabId }, files: [script.file] });
    const parsed = script.answer.safeParse(injection?.result);
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

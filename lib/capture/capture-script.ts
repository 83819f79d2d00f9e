/**
 * The capture script's one job, where the page is: read the page for the space's rules, pick the
 * rule, apply it, and suggest tags — the answer a popup prefills from, a quick clip saves, and
 * `npm run extract` prints. It runs as its own injected script (entrypoints/capture-reader.ts,
 * `/capture-reader.js`), only when the space has an enabled rule or tags to suggest: the page
 * reader stays as small as it is for everyone else (lib/capture/README.md, "Where it runs").
 *
 * How a caller runs it (the background, with the scripting API in the tab), as a quick clip's
 * template is run today (entrypoints/background/page-prefill.ts):
 * 1. leave the request in the script's world with lib/page-request.ts `leavePageRequest`, under
 *    `Symbol.for(CAPTURE_REQUEST_KEY)`: a symbol of the extension's isolated world, which no page
 *    script can read or forge;
 * 2. inject the file CAPTURE_READER_SCRIPT, whose result is the CaptureAnswer;
 * 3. check that answer with captureAnswerSchema (entrypoints/popup/capture/capture-answer-schema.ts): it
 *    comes from a page, which may be hostile.
 * The request holds the rules as stored and the space's types and tags as the popup has them
 * cached; it makes no request of its own.
 */

import { takePageRequest } from '../page-request';
import { type AppliedRule, applyRule, type CaptureSpace } from './apply-rule';
import { CAPTURE_REQUEST_KEY } from './capture-reader-script';
import { lookupsOf } from './lookups';
import { type PageReading, withClipValues } from './page-values';
import { type QuickClip, quickClipOf } from './quick-clip';
import { readPage } from './read-page';
import { firstMatchingRule, ruleMatches } from './rule-match';
import type { CaptureRule } from './rules-schema';
import type { SpaceTag } from './tag-names';
import { suggestTags } from './tag-suggestions';

export { CAPTURE_REQUEST_KEY };

export interface CaptureRequest {
  /** The space's rules in the person's order (disabled ones too: the popup's menu lists them). */
  rules: CaptureRule[];
  /** The space's types and tags; null reads the page and picks the rule, but fills no fields. */
  space: CaptureSpace | null;
  /** What the page reader and the article script found, when the caller has them. */
  clip?: {
    title?: string | null;
    selectionText?: string | null;
    selectionMarkdown?: string | null;
    words?: number | null;
    /** ms since the epoch, for `{{date}}`; the script's own clock without it. */
    now?: number;
    timeZone?: string;
  };
  /** The rule to apply instead of the first match (the popup's menu): its index, or -1 for none. */
  ruleIndex?: number;
  /** Ids of tags already on the clip, which are not suggested. */
  chosenTagIds?: string[];
  /** A quick clip: the answer is only the clip request of the first matching rule (quick-clip.ts), or null. */
  quick?: boolean;
}

export interface CaptureAnswer {
  reading: PageReading;
  /** Indexes of every rule the page fits, enabled or not, in the person's order. */
  matching: number[];
  applied: AppliedRule | null;
  suggestedTags: SpaceTag[];
}

/** Takes the request left for this run, and clears it so a later run does not answer it again. */
export function takeCaptureRequest(holder?: Record<symbol, unknown>): CaptureRequest | undefined {
  const request = takePageRequest(CAPTURE_REQUEST_KEY, holder);
  return typeof request === 'object' && request !== null ? (request as CaptureRequest) : undefined;
}

function chosenRule(request: CaptureRequest, reading: PageReading) {
  const { ruleIndex, rules } = request;
  if (ruleIndex === undefined) return firstMatchingRule(rules, reading);
  const rule = rules[ruleIndex];
  return rule ? { rule, index: ruleIndex } : null;
}

/** The answer for the page `doc` at `url`; with no request, what the page says and nothing more. */
export function runCapture(doc: Document, url: string, request: CaptureRequest & { quick: true }): QuickClip | null;
export function runCapture(doc: Document, url: string, request: CaptureRequest | undefined): CaptureAnswer;
export function runCapture(
  doc: Document,
  url: string,
  request: CaptureRequest | undefined,
): CaptureAnswer | QuickClip | null {
  const answer = captureAnswer(doc, url, request);
  if (!request?.quick) return answer;
  const rule = answer.applied && request.rules[answer.applied.ruleIndex];
  return answer.applied && rule?.enabled ? quickClipOf(answer.applied, url) : null;
}

function captureAnswer(doc: Document, url: string, request: CaptureRequest | undefined): CaptureAnswer {
  const rules = request?.rules ?? [];
  const clip = request?.clip ?? {};
  const read = readPage(doc, url, lookupsOf(rules));
  const reading = { ...read, values: withClipValues(read.values, clip) };
  const choice = request ? chosenRule(request, reading) : null;
  const space = request?.space ?? null;
  const applied = choice
    ? applyRule(choice, reading, space, {
        title: clip.title ?? null,
        selectionMarkdown: clip.selectionMarkdown ?? null,
        now: new Date(clip.now ?? Date.now()),
        ...(clip.timeZone ? { timeZone: clip.timeZone } : {}),
      })
    : null;
  const onClip = [
    ...(request?.chosenTagIds ?? []),
    ...(applied?.tags.flatMap((tag) => (tag.kind === 'existing' ? [tag.id] : [])) ?? []),
  ];
  return {
    reading,
    matching: rules.flatMap((rule, index) => (ruleMatches(rule, reading) ? [index] : [])),
    applied,
    // Only what the answer's schema allows: a cached tag may carry more than its id and title.
    suggestedTags: space ? suggestTags(space.tags, reading, onClip).map(({ id, title }) => ({ id, title })) : [],
  };
}

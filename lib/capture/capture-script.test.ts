import { describe, expect, it } from 'vitest';
import { parseRulesFile } from '../../entrypoints/options/rules-file';
import { captureAnswerSchema } from '../../entrypoints/popup/capture/capture-answer-schema';
import { fixtureDocument, fixtureRulesJson, fixtureSpace } from '../../tests/support/capture-pages';
import { parsePage } from '../../tests/support/clip/corpus';
import { CAPTURE_REQUEST_KEY, type CaptureRequest, runCapture, takeCaptureRequest } from './capture-script';

const PAPER_URL = 'https://journal.example/articles/analytical-engine';

function request(overrides: Partial<CaptureRequest> = {}): CaptureRequest {
  const parsed = parseRulesFile(fixtureRulesJson());
  if (!parsed.ok) throw new Error(parsed.message);
  return { rules: parsed.file.rules, space: fixtureSpace().space, clip: { now: Date.UTC(2026, 0, 31) }, ...overrides };
}

describe('the capture script', () => {
  it('reads the page, applies the first matching rule and suggests tags, in an answer its schema accepts', () => {
    const answer = runCapture(fixtureDocument('paper', PAPER_URL), PAPER_URL, request());
    expect(answer.matching).toEqual([0]);
    expect(answer.applied?.ruleName).toBe('Paper');
    expect(answer.suggestedTags).toEqual([{ id: 'tag-history', title: 'History of computing' }]);
    expect(captureAnswerSchema.safeParse(answer).success).toBe(true);
  });

  it('applies the rule the person chose instead, or none', () => {
    const url = 'https://dev.example/posts/javascript-closures';
    const doc = fixtureDocument('javascript', url);
    expect(runCapture(doc, url, request()).applied?.ruleName).toBe('Article');
    expect(runCapture(doc, url, request({ ruleIndex: 1 })).applied?.ruleName).toBe('Recipe');
    expect(runCapture(doc, url, request({ ruleIndex: -1 })).applied).toBeNull();
  });

  it('does not suggest a tag the rule or the person already put on the clip', () => {
    const url = 'https://dev.example/posts/javascript-closures';
    const answer = runCapture(fixtureDocument('javascript', url), url, request({ chosenTagIds: ['tag-javascript'] }));
    expect(answer.suggestedTags.map(({ title }) => title)).toEqual(['Closure', 'Functional Programming']);
  });

  it('adds the article’s counts and the selection to the page values', () => {
    const answer = runCapture(
      fixtureDocument('paper', PAPER_URL),
      PAPER_URL,
      request({ clip: { words: 476, selectionText: ' the mill ' } }),
    );
    expect(answer.reading.values.wordCount).toEqual([{ value: '476', from: 'article' }]);
    expect(answer.reading.values.readingTime).toEqual([{ value: '2', from: 'article' }]);
    expect(answer.reading.values.selection).toEqual([{ value: 'the mill', from: 'selection' }]);
  });

  it('without a request, says what the page says and applies nothing', () => {
    const answer = runCapture(fixtureDocument('paper', PAPER_URL), PAPER_URL, undefined);
    expect(answer.applied).toBeNull();
    expect(answer.reading.values.doi?.[0]?.value).toBe('10.5555/jch.2021.0012');
  });

  it('keeps a hostile page’s answer within the caps its schema checks', () => {
    const huge = 'x'.repeat(100_000);
    const metas = Array.from({ length: 1_000 }, () => `<meta name="citation_author" content="${huge}">`).join('');
    const scripts = `<script type="application/ld+json">${JSON.stringify({
      '@type': Array.from({ length: 500 }, (_, index) => `T${index}${huge.slice(0, 300)}`),
      keywords: Array.from({ length: 5_000 }, (_, index) => `k${index}`),
    })}</script>`;
    const doc = parsePage(`<html><head>${metas}${scripts}<title>${huge}</title></head><body></body></html>`, PAPER_URL);
    const answer = runCapture(doc, PAPER_URL, request());
    expect(captureAnswerSchema.safeParse(answer).success).toBe(true);
  });

  it('takes the request left for it once', () => {
    const holder: Record<symbol, unknown> = { [Symbol.for(CAPTURE_REQUEST_KEY)]: [request()] };
    expect(takeCaptureRequest(holder)?.rules).toHaveLength(3);
    expect(takeCaptureRequest(holder)).toBeUndefined();
  });
});

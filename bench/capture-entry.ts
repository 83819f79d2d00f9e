/**
 * Loaded into a real page by the bench: the capture script's work (lib/capture/capture-script.ts:
 * page values, the rules' lookups, the first matching rule applied, tag suggestions) and the
 * baseline, Readability's parse of the same page as its README shows it, in the same run. The
 * request is a realistic one: the fixture rules and every preset turned on, the fixture space
 * with a thousand more tags.
 */
import { Readability } from '@mozilla/readability';
import { RULE_PRESETS, ruleFromPreset } from '@/entrypoints/options/capture-presets';
import { parseRulesFile } from '@/entrypoints/options/rules-file';
import { type CaptureRequest, runCapture } from '@/lib/capture/capture-script';
import { parseSpaceFile } from '@/scripts/space-file';
import rulesJson from '../tests/fixtures/capture/rules.json';
import spaceJson from '../tests/fixtures/capture/space.json';

function request(): CaptureRequest {
  const rules = parseRulesFile(rulesJson);
  const space = parseSpaceFile(spaceJson);
  if (!rules.ok || !space.ok) throw new Error('the capture fixtures do not parse');
  const { structures, tags } = space.file.space;
  const paper = structures.find(({ title }) => title === 'Paper') ?? structures[0];
  if (!paper) throw new Error('the fixture space has no types');
  return {
    rules: [...rules.file.rules, ...RULE_PRESETS.map((preset) => ruleFromPreset(preset, paper))],
    space: {
      structures,
      tags: [
        ...tags,
        ...Array.from({ length: 1_000 }, (_, index) => ({ id: `bench-${index}`, title: `Topic ${index}` })),
      ],
    },
    clip: { now: Date.UTC(2026, 0, 31) },
  };
}

const prepared = request();

function timed(run: () => number): { ms: number; size: number } {
  const start = performance.now();
  const size = run();
  return { ms: performance.now() - start, size };
}

Object.assign(window, {
  spaceClipperCaptureBench: {
    // The size of what was found, so that a run that found nothing cannot pass for a fast one.
    ours: () =>
      timed(() => {
        const answer = runCapture(document, window.location.href, prepared);
        return Object.values(answer.reading.values).flat().length;
      }),
    baseline: () =>
      timed(() => new Readability(document.cloneNode(true) as Document).parse()?.textContent?.length ?? 0),
  },
});

/**
 * Which rule applies to a page: the first enabled rule, in the person's order, whose match the
 * page fits (lib/capture/rules-schema.ts says what a match holds). The popup, quick clips and the
 * CLI all call `firstMatchingRule` on the same reading.
 *
 * Types match exactly, not by schema.org's hierarchy: a rule for `Article` does not catch a
 * `NewsArticle`. Knowing subtypes would take the vocabulary's 800 types into the page script,
 * and an exact list says plainly what a rule catches; the presets list the common subtypes.
 */
import { lookupKey } from './lookups';
import type { PageReading } from './page-values';
import type { CaptureRule } from './rules-schema';
import { typeName } from './schema-nodes';
import { compileUrlPattern } from './url-pattern';

// A rule list is matched many times (every popup, every quick clip); patterns compile once.
const compiled = new Map<string, URLPattern | null>();

function urlFits(pattern: string, url: string): boolean {
  let urlPattern = compiled.get(pattern);
  if (urlPattern === undefined) {
    urlPattern = compileUrlPattern(pattern);
    if (compiled.size > 1_000) compiled.clear();
    compiled.set(pattern, urlPattern);
  }
  try {
    return urlPattern?.test(url) ?? false;
  } catch {
    return false;
  }
}

/**
 * Whether the page fits the rule's match (enabled or not: the popup's menu lists every rule).
 * Meta tags are seen through the reading's lookups, which the capture script fills for every
 * rule it was given.
 */
export function ruleMatches(rule: CaptureRule, reading: PageReading): boolean {
  const { urls = [], types = [], meta = [] } = rule.match;
  if (urls.length > 0 && !urls.some((pattern) => urlFits(pattern, reading.url))) return false;
  if (types.length === 0 && meta.length === 0) return true;
  const pageTypes = new Set(reading.types.map((type) => type.toLowerCase()));
  return (
    types.some((type) => pageTypes.has(typeName(type).toLowerCase())) ||
    meta.some((name) => (reading.lookups[lookupKey({ source: 'meta', name })]?.length ?? 0) > 0)
  );
}

export interface RuleChoice {
  rule: CaptureRule;
  /** Its place in the person's list. */
  index: number;
}

/** The first enabled rule the page fits, or null. */
export function firstMatchingRule(rules: readonly CaptureRule[], reading: PageReading): RuleChoice | null {
  const index = rules.findIndex((rule) => rule.enabled && ruleMatches(rule, reading));
  const rule = rules[index];
  return rule ? { rule, index } : null;
}

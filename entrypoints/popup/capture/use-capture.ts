import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { AppliedRule } from '@/lib/capture/apply-rule';
import type { CaptureAnswer } from '@/lib/capture/capture-script';
import { type FoundObject, type LinkOutcome, resolveLinks } from '@/lib/capture/links';
import type { CaptureRule } from '@/lib/capture/rules-schema';
import { existingTagFor, type SpaceTag } from '@/lib/capture/tag-names';
import { suggestTags } from '@/lib/capture/tag-suggestions';
import { sendMessage, type TagRef } from '@/lib/messaging';
import { runCapture } from './run-capture';
import { missingFrom, rememberTags, useTagVocabulary, withSeen } from './tag-vocabulary';

/** What the page gave the clip, for the rules' notes templates and title. */
export interface CaptureClip {
  title: string;
  selectionText: string | null;
  selectionMarkdown: string | null;
}

/** One entity property's names: found in the space, or to create. */
export interface ResolvedLink {
  propertyId: string;
  propertyName: string;
  outcomes: LinkOutcome[];
}

// Stable empties: the form's effects depend on these, and a fresh [] each render would loop them.
const NO_LINKS: ResolvedLink[] = [];
const NO_RULES: CaptureRule[] = [];
const NO_STRUCTURES: never[] = [];

async function resolved(spaceId: string, applied: AppliedRule | null): Promise<ResolvedLink[]> {
  if (!applied) return [];
  return Promise.all(
    applied.links.map(async (link) => {
      const answers = await Promise.all(
        link.names.map((query) =>
          sendMessage('searchObjects', {
            spaceId,
            query,
            ...(link.structureIds.length > 0 ? { structureIds: link.structureIds } : {}),
          }),
        ),
      );
      const candidates: FoundObject[] = answers.flatMap((answer) => (answer.ok ? answer.value : []));
      return { propertyId: link.propertyId, propertyName: link.propertyName, outcomes: resolveLinks(link, candidates) };
    }),
  );
}

/**
 * The space's capture rules applied to the tab's page: the rule (the first that matches, or the
 * one the person picks, or none), what it fills, the linked names found or to create, and tags of
 * the space the page is about. Those are chosen among the tags this device knows (the remembered
 * ones and the space's tag vocabulary, tag-vocabulary.ts) with no request of their own: the popup
 * has no full tag list, and asks for none.
 */
export function useCapture(spaceId: string, tabId: number | undefined, clip: CaptureClip, known: readonly SpaceTag[]) {
  const [ruleIndex, setRuleIndex] = useState<number | undefined>();
  const rules = useQuery({
    queryKey: ['capture-rules', spaceId],
    queryFn: async () => (await sendMessage('getCaptureRules', { spaceId })).rules as CaptureRule[],
  });
  const structures = useQuery({
    queryKey: ['capture-structures', spaceId],
    queryFn: async () => {
      const answer = await sendMessage('getCaptureStructures', { spaceId });
      return answer.ok ? answer.value : [];
    },
  });
  const ready = tabId !== undefined && rules.data !== undefined && structures.data !== undefined;
  const answer = useQuery({
    queryKey: ['capture-answer', spaceId, tabId, ruleIndex, clip.title],
    enabled: ready,
    queryFn: async (): Promise<CaptureAnswer | null> =>
      (await runCapture(tabId ?? -1, {
        rules: rules.data ?? [],
        space: { structures: structures.data ?? [], tags: [...known] },
        clip: { ...clip, now: Date.now(), timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone },
        ...(ruleIndex === undefined ? {} : { ruleIndex }),
      })) ?? null,
  });
  const reading = answer.data?.reading;
  const applied = answer.data?.applied ?? null;
  const links = useQuery({
    queryKey: ['capture-links', spaceId, applied?.ruleIndex, applied?.links],
    enabled: answer.data !== undefined,
    queryFn: () => resolved(spaceId, applied),
  });
  const vocabulary = useTagVocabulary(spaceId);
  // Tags chosen in clips (the recent ones) stay known once they fall off the recent list.
  useEffect(() => {
    const added = vocabulary && missingFrom(vocabulary, known);
    if (added && added.length > 0) void rememberTags(spaceId, added);
  }, [spaceId, vocabulary, known]);
  const spaceTags = useMemo(() => withSeen(vocabulary ?? [], known, Number.POSITIVE_INFINITY), [vocabulary, known]);
  // Up to 2,000 tags are folded and ranked: once per page reading, vocabulary and chosen tags, not per render.
  const suggested = useMemo(() => {
    let last: { chosen: string; tags: SpaceTag[] } | undefined;
    return (chosen: readonly TagRef[]): SpaceTag[] => {
      const exclude = chosen.flatMap((tag) => (tag.kind === 'existing' ? [tag.id] : []));
      if (last?.chosen !== exclude.join('\n')) {
        last = { chosen: exclude.join('\n'), tags: reading ? suggestTags(spaceTags, reading, exclude) : [] };
      }
      return last.tags;
    };
  }, [spaceTags, reading]);
  /** A new tag that names an existing one is that one: it is never created again. */
  const existingFor = useCallback(
    (chosen: readonly TagRef[]): TagRef[] =>
      chosen.map((tag) => {
        if (tag.kind === 'existing') return tag;
        const found = existingTagFor(tag.title, spaceTags);
        return found ? { kind: 'existing', id: found.id, title: found.title } : tag;
      }),
    [spaceTags],
  );
  return {
    rules: rules.data ?? NO_RULES,
    applied,
    links: links.data ?? NO_LINKS,
    structures: structures.data ?? NO_STRUCTURES,
    choose: setRuleIndex,
    suggested,
    existingFor,
  };
}

export type Capture = ReturnType<typeof useCapture>;

/** Calls `apply` once for each rule applied, when it arrives: the form is prefilled, then left to the person. */
export function useOnApplied(applied: AppliedRule | null, apply: (applied: AppliedRule) => void): void {
  const [done, setDone] = useState<AppliedRule | null>(null);
  useEffect(() => {
    if (applied && applied !== done) {
      setDone(applied);
      apply(applied);
    }
  }, [applied, done, apply]);
}

import { useCallback, useEffect, useMemo, useRef } from 'react';
import { createPortal } from 'react-dom';
import type { AppliedRule } from '@/lib/capture/apply-rule';
import { isEditableDefinition } from '@/lib/fields/field-definition';
import { toProperties } from '@/lib/fields/field-payload';
import type { KeepChoice, TagRef } from '@/lib/messaging';
import type { SpacePreferences } from '@/lib/storage';
import type { CaptureChoice } from '../capture-choice';
import type { ClipDraft } from '../use-clip-draft';
import { LinkChips, useConfirmedNames } from './link-chips';
import { objectRequest } from './object-request';
import { ruleDefinitions, ruleFieldValues } from './rule-fields';
import { RuleLine } from './rule-line';
import { SuggestedTags } from './suggested-tags';
import { type CaptureClip, useCapture, useOnApplied } from './use-capture';

function withTags(current: TagRef[], added: TagRef[]): TagRef[] {
  const has = (tag: TagRef) =>
    current.some((old) =>
      old.kind === 'existing' && tag.kind === 'existing' ? old.id === tag.id : old.title === tag.title,
    );
  return [...current, ...added.filter((tag) => !has(tag))];
}

/**
 * The capture rules in the popup, after its first paint: "Rule: <name>" and the menu that picks
 * another rule or none, the type the rule saves as, the linked names (found, or a chip to create
 * each), and, under the tag box (`tagSlot`), the space's tags the page is about. The rule
 * prefills the form once, its fields included (a typed object's in "Properties" instead of the
 * weblink's); everything stays the person's to change, and what is left there is sent.
 */
export function CaptureSection({
  spaceId,
  tabId,
  pageTitle,
  selection,
  draft,
  prefs,
  kept,
  setCapture: onChoice,
}: {
  spaceId: string;
  tabId: number | undefined;
  pageTitle: string;
  selection: { text: string; markdown: string } | null | undefined;
  draft: ClipDraft;
  prefs: SpacePreferences;
  kept: { choose(keep: KeepChoice): void };
  setCapture(choice: CaptureChoice | null): void;
}) {
  const clip: CaptureClip = {
    title: pageTitle,
    selectionText: selection?.text ?? null,
    selectionMarkdown: selection?.markdown ?? null,
  };
  const known = useMemo(() => [...prefs.pinnedTags, ...prefs.recentTags], [prefs]);
  const capture = useCapture(spaceId, tabId, clip, known);
  const tagsNow = useRef(draft.tags);
  tagsNow.current = draft.tags;
  const { applied, links } = capture;
  const [confirmed, toggle] = useConfirmedNames(applied, links);
  const { setTitle, setTags, setNotes, setCollection, setValue } = draft;
  const onKeep = kept.choose;
  // The element weblink-fields.tsx leaves under the tag box, found by its id: importing its constant
  // would split that module out of the popup's first chunk (3 KB gzip more at first paint).
  const tagSlot = document.getElementById('capture-suggested-tags');

  const definitions = useMemo(() => ruleDefinitions(applied, capture.structures), [applied, capture.structures]);
  const prefill = useCallback(
    (rule: AppliedRule) => {
      const own = capture.structures.find(({ id }) => id === rule.structureId)?.propertyDefinitions ?? [];
      const fields = definitions ?? own.filter(isEditableDefinition);
      for (const [id, value] of Object.entries(ruleFieldValues(fields, rule.properties, definitions !== null))) {
        setValue(id, value);
      }
      setTitle(rule.title);
      setTags(withTags(tagsNow.current, capture.existingFor(rule.tags)));
      if (rule.notes !== null) setNotes(rule.notes);
      if (rule.target.kind === 'weblink') {
        if (rule.collection) setCollection(rule.collection.id);
        if (rule.keep) onKeep(rule.keep);
      }
    },
    [
      setTitle,
      setTags,
      setNotes,
      setCollection,
      setValue,
      onKeep,
      capture.existingFor,
      capture.structures,
      definitions,
    ],
  );
  useOnApplied(applied, prefill);

  const objectType = applied?.target.kind === 'object' ? applied.structureId : null;
  useEffect(() => {
    onChoice({
      tags: capture.existingFor,
      definitions,
      objectRequest: ({ values, ...form }) =>
        applied && objectType
          ? objectRequest(applied, objectType, links, confirmed, {
              ...form,
              tags: capture.existingFor(form.tags),
              properties: toProperties(definitions ?? [], values),
            })
          : null,
    });
  }, [applied, objectType, links, confirmed, definitions, capture.existingFor, onChoice]);
  useEffect(() => () => onChoice(null), [onChoice]);

  const typeTitle = capture.structures.find((structure) => structure.id === objectType)?.title;
  const suggested = capture.suggested(draft.tags);
  return (
    <div className="capture">
      <RuleLine rules={capture.rules} applied={applied} typeTitle={typeTitle} onChoose={capture.choose} />
      <LinkChips links={links} structures={capture.structures} confirmed={confirmed} onToggle={toggle} />
      {tagSlot &&
        createPortal(
          <SuggestedTags
            tags={suggested}
            onAdd={(tag) => setTags(withTags(draft.tags, [{ kind: 'existing', ...tag }]))}
          />,
          tagSlot,
        )}
    </div>
  );
}

export default CaptureSection;

// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { DEMO, DEMO_TOKENS } from '../../tests/emulator/seed.ts';
import { addFault, outboxSuite, processed, weblinksOf } from '../../tests/support/outbox-harness';
import type { Block } from '../api';
import type { HighlightRequest } from '../clips/highlight';
import { readHighlights } from '../clips/highlight-blocks';
import type { HighlightChangeRequest } from '../clips/highlight-change';
import { asWeblinkFields } from '../clips/highlight-page';
import type { HighlightRemoveRequest } from '../clips/highlight-remove';
import type { HighlightColour } from '../highlighter/colours';

/**
 * The highlight kinds through the outbox (issue #23), against each profile's block forms: a page
 * not saved gets one weblink, every highlight lands exactly once and in order, through lost
 * answers, 429s and a stopped worker.
 */

const PAGE = { url: 'https://example.com/reading', title: 'Reading' };

const made = (id: string, quote: string, colour: HighlightColour = 'yellow') =>
  asWeblinkFields<HighlightRequest>({
    kind: 'highlight',
    ...PAGE,
    objectId: null,
    tags: [],
    highlight: {
      id,
      quote,
      colour,
      url: `${PAGE.url}#:~:text=${encodeURIComponent(quote)}`,
      label: 'Highlight',
      location: 'Chapter one',
      note: '',
    },
  });

for (const profile of ['spec', 'published'] as const) {
  describe(`highlights through the outbox (${profile} profile)`, () => {
    const suite = outboxSuite({ profile });

    async function highlightsOfPage() {
      const weblinks = await weblinksOf(suite.emulator, PAGE.url);
      expect(weblinks).toHaveLength(1);
      const answer = await fetch(`${suite.emulator.url}/object?id=${weblinks[0]?.id}`, {
        headers: { Authorization: `Bearer ${DEMO_TOKENS.demo}` },
      });
      const object = (await answer.json()) as { blocks?: Record<string, Block[]> };
      return readHighlights(object.blocks).map(({ quote, colour, note }) => ({ quote, colour, note }));
    }

    it('the first highlight of a page makes its one weblink, the second adds to it, a lost append is not sent again', async () => {
      const { outbox } = suite.worker;
      await outbox.enqueue(DEMO.spaceId, made('p-1', 'The first passage worth keeping.'));
      await addFault(suite.emulator, { path: '/blocks/append', drop: 'after', times: 1 });
      await addFault(suite.emulator, { path: '/blocks/block', status: 429, times: 1 });
      await outbox.enqueue(DEMO.spaceId, made('p-2', 'A second passage, in green.', 'green'));
      const change = asWeblinkFields<HighlightChangeRequest>({
        kind: 'highlight-change',
        ...PAGE,
        objectId: null,
        id: 'p-1',
        quote: 'The first passage worth keeping.',
        colour: 'red',
        note: 'Why *this* matters',
      });
      await outbox.enqueue(DEMO.spaceId, change);
      await suite.harness.settle(suite.worker);

      expect(await highlightsOfPage()).toEqual([
        { quote: 'The first passage worth keeping.', colour: 'red', note: 'Why *this* matters' },
        { quote: 'A second passage, in green.', colour: 'green', note: '' },
      ]);
      expect(await processed(suite.emulator, 'POST /object/url')).toBe(1);
      expect(await outbox.list()).toEqual([]);
    });

    it('a removal lands once, also when the worker stops after the server applied it', async () => {
      await suite.worker.outbox.enqueue(DEMO.spaceId, made('p-1', 'Kept for a while, then removed.'));
      await suite.worker.outbox.enqueue(DEMO.spaceId, made('p-2', 'Kept for good.', 'blue'));
      await suite.harness.settle(suite.worker);
      await suite.worker.stop();

      const stopping = await suite.harness.startWorker({ stopAfterRequests: 3 });
      await stopping.outbox.enqueue(
        DEMO.spaceId,
        asWeblinkFields<HighlightRemoveRequest>({
          kind: 'highlight-remove',
          ...PAGE,
          objectId: null,
          id: 'p-1',
          quote: 'Kept for a while, then removed.',
        }),
      );
      void stopping.outbox.drain();
      await stopping.stopped;
      await stopping.stop();
      const again = await suite.harness.startWorker();
      await suite.harness.settle(again);

      expect(await highlightsOfPage()).toEqual([{ quote: 'Kept for good.', colour: 'blue', note: '' }]);
      expect(await again.outbox.list()).toEqual([]);
    });
  });
}

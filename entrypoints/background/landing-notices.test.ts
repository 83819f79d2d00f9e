import { describe, expect, it } from 'vitest';
import { BURST_MS, createLandingNotices, type Notice } from './landing-notices';

function setup() {
  let clock = 1_000_000;
  const shown: Notice[] = [];
  const landed = createLandingNotices({
    show: (notice) => shown.push(notice),
    countHeading: (count) => `${count} clips sent to your space`,
    now: () => clock,
  });
  return {
    shown,
    landed,
    advance(ms: number) {
      clock += ms;
    },
  };
}

const saved = (n: number) => ({ id: `obj-${n}`, heading: 'Saved to your space', title: `Page ${n}` });

describe('landing notices', () => {
  it('tells a single landing at once, by its kind and title', () => {
    const { shown, landed } = setup();
    landed(saved(1));
    expect(shown).toEqual([{ id: 'landed-obj-1', title: 'Saved to your space', message: 'Page 1' }]);
  });

  it('counts a burst of landings in one notification, with the latest titles first', () => {
    const { shown, landed, advance } = setup();
    for (let n = 1; n <= 50; n += 1) {
      landed(saved(n));
      advance(200);
    }
    expect(new Set(shown.map((notice) => notice.id))).toEqual(new Set(['landed-obj-1']));
    expect(shown.at(-1)).toEqual({
      id: 'landed-obj-1',
      title: '50 clips sent to your space',
      message: 'Page 50\nPage 49\nPage 48\n…',
    });
    expect(shown[1]).toEqual({ id: 'landed-obj-1', title: '2 clips sent to your space', message: 'Page 2\nPage 1' });
  });

  it('starts a new notification after a quiet spell, and keeps a burst going while landings continue', () => {
    const { shown, landed, advance } = setup();
    landed(saved(1));
    advance(BURST_MS);
    landed(saved(2));
    advance(BURST_MS + 1);
    landed(saved(3));
    expect(shown.map((notice) => [notice.id, notice.title])).toEqual([
      ['landed-obj-1', 'Saved to your space'],
      ['landed-obj-1', '2 clips sent to your space'],
      ['landed-obj-3', 'Saved to your space'],
    ]);
  });
});

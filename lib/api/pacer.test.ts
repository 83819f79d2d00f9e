import { describe, expect, it } from 'vitest';
import { type AnswerInfo, createPacer, type PaceWindow } from './pacer';

const KEY = 'space-1 POST /object/url';

const START = 1_000_000;

function setup(stored: Record<string, PaceWindow> = {}) {
  const clock = { now: START };
  const saved: Record<string, PaceWindow>[] = [];
  const pacer = createPacer({
    now: () => clock.now,
    random: () => 0,
    store: {
      load: async () => stored,
      save: async (windows) => {
        saved.push(structuredClone(windows));
      },
    },
  });
  return { pacer, clock, saved };
}

const ok = (remaining: number, resetSeconds: number, limit = 10): AnswerInfo => ({
  status: 200,
  reading: { limit, remaining, resetMs: resetSeconds * 1000 },
  retryAfterMs: undefined,
});

describe('the pacer', () => {
  it('lets requests go until the announced budget is spent, then holds them until the window resets', async () => {
    const { pacer, clock } = setup();
    for (let remaining = 9; remaining >= 0; remaining--) {
      expect(await pacer.reserve(KEY)).toBe(0);
      await pacer.settle(KEY, ok(remaining, 40));
    }
    expect(await pacer.reserve(KEY)).toBe(40_000);
    expect(await pacer.readyAt(KEY)).toBe(clock.now + 40_000);
    clock.now += 40_000;
    // Free again: 0, not "now", so a caller that read the time a moment ago still sees it due.
    expect(await pacer.readyAt(KEY)).toBe(0);
    expect(await pacer.reserve(KEY)).toBe(0);
  });

  it('counts requests still on their way, so parallel ones never overrun the budget', async () => {
    const { pacer } = setup();
    expect(await pacer.reserve(KEY)).toBe(0);
    await pacer.settle(KEY, ok(2, 30));
    expect(await pacer.reserve(KEY)).toBe(0);
    expect(await pacer.reserve(KEY)).toBe(0);
    expect(await pacer.reserve(KEY)).toBe(30_000);
    // The first answer does not yet count the second request: it is still counted here.
    await pacer.settle(KEY, ok(1, 29));
    expect(await pacer.reserve(KEY)).toBeGreaterThan(0);
  });

  it('a lookup gives way: it never takes the last requests of a window, so a clip never waits behind it', async () => {
    const { pacer } = setup();
    expect(await pacer.reserve(KEY)).toBe(0);
    await pacer.settle(KEY, ok(6, 30));
    // Six left: a lookup leaving five takes one, and the clip still goes at once.
    expect(await pacer.reserve(KEY, { leave: 5 })).toBe(0);
    expect(await pacer.reserve(KEY, { leave: 5 })).toBe(30_000);
    expect(await pacer.reserve(KEY)).toBe(0);
    // Nothing announced yet for another endpoint: nothing to give way to.
    expect(await pacer.reserve('space-1 POST /objects/search', { leave: 5 })).toBe(0);
  });

  it('keeps endpoints apart', async () => {
    const { pacer } = setup();
    await pacer.reserve(KEY);
    await pacer.settle(KEY, ok(0, 50));
    expect(await pacer.reserve('space-1 PATCH /object')).toBe(0);
    expect(await pacer.reserve('space-2 POST /object/url')).toBe(0);
  });

  it('after a 429 waits for the reset, else Retry-After, else a growing backoff', async () => {
    const { pacer, clock } = setup();
    await pacer.reserve(KEY);
    await pacer.settle(KEY, {
      status: 429,
      reading: { limit: 10, remaining: 0, resetMs: 7_000 },
      retryAfterMs: 99_000,
    });
    expect(await pacer.reserve(KEY)).toBe(7_000);
    clock.now += 7_000;
    await pacer.reserve(KEY);
    await pacer.settle(KEY, { status: 429, reading: undefined, retryAfterMs: 3_000 });
    expect(await pacer.reserve(KEY)).toBe(3_000);
    clock.now += 3_000;
    await pacer.reserve(KEY);
    await pacer.settle(KEY, { status: 429, reading: undefined, retryAfterMs: undefined });
    const third = await pacer.reserve(KEY);
    clock.now += third;
    await pacer.reserve(KEY);
    await pacer.settle(KEY, { status: 429, reading: undefined, retryAfterMs: undefined });
    expect(await pacer.reserve(KEY)).toBeGreaterThan(third);
  });

  it('whatever a server answers, an endpoint gets fewer than 15 failed answers a minute, across a restart', async () => {
    const first = setup();
    const zero: AnswerInfo = { status: 429, reading: { limit: 10, remaining: 0, resetMs: 1_000 }, retryAfterMs: 1_000 };
    const failures: AnswerInfo[] = [
      zero,
      { ...zero, status: 503 },
      { status: 200, reading: undefined, retryAfterMs: undefined, unreadable: true },
    ];
    for (let sent = 0; sent < 14; sent += 1) {
      first.clock.now = Math.max(first.clock.now, await first.pacer.readyAt(KEY));
      expect(await first.pacer.reserve(KEY)).toBe(0);
      await first.pacer.settle(KEY, failures[sent % failures.length] as AnswerInfo);
    }
    const fourteenth = first.clock.now;
    expect(await first.pacer.readyAt(KEY)).toBe(START + 60_000);

    const restarted = setup(first.saved.at(-1));
    restarted.clock.now = fourteenth + 1_000;
    expect(await restarted.pacer.reserve(KEY)).toBe(START + 60_000 - restarted.clock.now);
    restarted.clock.now = START + 60_000;
    expect(await restarted.pacer.reserve(KEY)).toBe(0);
  });

  it("counts neither successes nor the server's refusals (a 404, a 400) as failures", async () => {
    const { pacer, clock } = setup();
    for (let sent = 0; sent < 30; sent += 1) {
      expect(await pacer.reserve(KEY)).toBe(0);
      await pacer.settle(KEY, { status: sent % 2 ? 404 : 200, reading: undefined, retryAfterMs: undefined });
      clock.now += 10;
    }
  });

  it('forgets a stored window that holds an endpoint back longer than five minutes (an old epoch wait)', async () => {
    const { pacer } = setup({
      [KEY]: { remaining: 0, resetAt: 1_772_445_600_000_000, blockedUntil: 1_772_445_600_000_000, strikes: 1 },
    });
    expect(await pacer.readyAt(KEY)).toBe(0);
  });

  it('a server that announces nothing is not held back', async () => {
    const { pacer } = setup();
    expect(await pacer.readyAt(KEY)).toBe(0);
    for (let i = 0; i < 100; i++) {
      expect(await pacer.reserve(KEY)).toBe(0);
      await pacer.settle(KEY, { status: 200, reading: undefined, retryAfterMs: undefined });
    }
  });

  it('remembers a spent budget across a restart (the store), and forgets windows that are over', async () => {
    const first = setup();
    await first.pacer.reserve(KEY);
    await first.pacer.settle(KEY, ok(0, 20));
    const stored = first.saved.at(-1) ?? {};
    expect(Object.keys(stored)).toEqual([KEY]);

    const restarted = setup(stored);
    restarted.clock.now = first.clock.now + 5_000;
    expect(await restarted.pacer.reserve(KEY)).toBe(15_000);
    restarted.clock.now += 15_000;
    expect(await restarted.pacer.reserve(KEY)).toBe(0);
    await restarted.pacer.settle(KEY, { status: 200, reading: undefined, retryAfterMs: undefined });
    expect(restarted.saved.at(-1)).toEqual({});
  });

  it('a request that got no answer may have been counted: one less is left', async () => {
    const { pacer } = setup();
    await pacer.reserve(KEY);
    await pacer.settle(KEY, ok(1, 30));
    await pacer.reserve(KEY);
    await pacer.abandon(KEY);
    expect(await pacer.reserve(KEY)).toBe(30_000);
  });

  it('reads its store once, however many requests ask', async () => {
    let loads = 0;
    const pacer = createPacer({
      store: {
        load: async () => {
          loads += 1;
          return {};
        },
        save: async () => undefined,
      },
    });
    for (let i = 0; i < 20; i++) {
      await pacer.readyAt(KEY);
      await pacer.reserve(KEY);
      await pacer.settle(KEY, ok(9, 30));
    }
    expect(loads).toBe(1);
  });

  it('writes nothing while there is nothing to keep: a server that announces nothing costs no storage', async () => {
    const { pacer, saved } = setup();
    for (let i = 0; i < 20; i++) {
      await pacer.reserve(KEY);
      await pacer.settle(KEY, { status: 201, reading: undefined, retryAfterMs: undefined });
    }
    expect(saved).toEqual([]);
    await pacer.reserve(KEY);
    await pacer.settle(KEY, { status: 429, reading: undefined, retryAfterMs: 4_000 });
    expect(saved.at(-1)?.[KEY]?.blockedUntil).toBeGreaterThan(0);
  });

  it('writes a burst of answers in two writes, the last holding the last answer', async () => {
    const clock = { now: 1_000_000 };
    const saved: Record<string, PaceWindow>[] = [];
    const pending: (() => void)[] = [];
    const pacer = createPacer({
      now: () => clock.now,
      store: {
        load: async () => ({}),
        save: (windows) => {
          saved.push(structuredClone(windows));
          return new Promise<void>((resolve) => pending.push(resolve));
        },
      },
    });
    for (let i = 0; i < 10; i++) await pacer.reserve(KEY);
    const settled = Array.from({ length: 10 }, (_, i) => pacer.settle(KEY, ok(9 - i, 30 - i)));
    let done = false;
    const all = Promise.all(settled).then(() => {
      done = true;
    });
    while (!done) {
      await new Promise((resolve) => setTimeout(resolve, 0));
      pending.shift()?.();
    }
    await all;
    expect(saved).toHaveLength(2);
    expect(saved.at(-1)?.[KEY]).toMatchObject({ remaining: 0, resetAt: clock.now + 21_000 });
  });
});

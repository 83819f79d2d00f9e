import { describe, expect, it } from 'vitest';
import { ApiError } from './errors.ts';
import { FaultInjector, parseFaultRule, seededRandom } from './faults.ts';

describe('fault rules', () => {
  it('match by method and exact or prefix path', () => {
    const faults = new FaultInjector(1);
    const exact = faults.add({ path: '/object', status: 500 });
    expect(faults.pick('GET', '/object')?.id).toBe(exact.id);
    expect(faults.pick('GET', '/object/url')).toBeUndefined();
    faults.clear();
    const prefix = faults.add({ method: 'POST', path: '/blocks/*', drop: 'before' });
    expect(faults.pick('POST', '/blocks/append')?.id).toBe(prefix.id);
    expect(faults.pick('GET', '/blocks/append')).toBeUndefined();
  });

  it('fire at most `times` times', () => {
    const faults = new FaultInjector(1);
    faults.add({ status: 503, times: 2 });
    expect([1, 2, 3].map(() => faults.pick('GET', '/space') !== undefined)).toEqual([true, true, false]);
  });

  it('split one draw per request between matching rules by probability', () => {
    const faults = new FaultInjector(42);
    const dropBefore = faults.add({ path: '/x', drop: 'before', probability: 0.2 });
    const dropAfter = faults.add({ path: '/x', drop: 'after', probability: 0.1 });
    const error = faults.add({ path: '/x', status: 500, probability: 0.1 });
    const limited = faults.add({ path: '/x', status: 429, probability: 0.1 });
    const counts = new Map<string, number>();
    const draws = 20_000;
    for (let i = 0; i < draws; i++) {
      const id = faults.pick('POST', '/x')?.id ?? 'none';
      counts.set(id, (counts.get(id) ?? 0) + 1);
    }
    const share = (id: string) => (counts.get(id) ?? 0) / draws;
    expect(share(dropBefore.id)).toBeCloseTo(0.2, 1);
    expect(share(dropAfter.id)).toBeCloseTo(0.1, 1);
    expect(share(error.id)).toBeCloseTo(0.1, 1);
    expect(share(limited.id)).toBeCloseTo(0.1, 1);
    expect(share('none')).toBeCloseTo(0.5, 1);
  });

  it('replay the same sequence with the same seed', () => {
    const run = () => {
      const faults = new FaultInjector(7);
      faults.add({ status: 500, probability: 0.5 });
      return Array.from({ length: 20 }, () => faults.pick('GET', '/space') !== undefined);
    };
    expect(run()).toEqual(run());
    expect(seededRandom(1)()).toBe(seededRandom(1)());
  });

  it('are validated', () => {
    expect(parseFaultRule({ path: '/object', status: 502, body: '<html>', probability: 0.5 })).toEqual({
      path: '/object',
      status: 502,
      body: '<html>',
      probability: 0.5,
    });
    for (const bad of [
      {},
      { status: 99 },
      { drop: 'sideways' },
      { status: 500, drop: 'after' },
      { delayMs: 1, probability: 2 },
      { path: 'x', status: 500 },
    ]) {
      expect(() => parseFaultRule(bad)).toThrow(ApiError);
    }
  });
});

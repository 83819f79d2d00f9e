import { afterEach, describe, expect, it } from 'vitest';
import { leavePageRequest, takePageRequest } from './page-request';

const KEY = 'space-clipper.test-request';

afterEach(() => {
  delete (globalThis as unknown as Record<symbol, unknown>)[Symbol.for(KEY)];
});

describe('a request left for an injected script', () => {
  it('is taken once: a later run finds none', () => {
    leavePageRequest(KEY, { run: 1 });
    expect(takePageRequest(KEY)).toEqual({ run: 1 });
    expect(takePageRequest(KEY)).toBeUndefined();
  });

  it('two runs that overlap each take their own request, in the order they were left', () => {
    // The popup's second capture run leaves its request before the first run's script has taken
    // the first's: with one slot the first script read the second request and the second script none.
    leavePageRequest(KEY, { run: 1 });
    leavePageRequest(KEY, { run: 2 });
    expect(takePageRequest(KEY)).toEqual({ run: 1 });
    expect(takePageRequest(KEY)).toEqual({ run: 2 });
    expect(takePageRequest(KEY)).toBeUndefined();
  });

  it('finds nothing under a key that is not a queue the caller left', () => {
    const holder = { [Symbol.for(KEY)]: { run: 1 } } as Record<symbol, unknown>;
    expect(takePageRequest(KEY, holder)).toBeUndefined();
    expect(takePageRequest(KEY, { [KEY]: [{ run: 1 }] } as never)).toBeUndefined();
  });

  it('is a function executeScript can carry: it names nothing outside itself', () => {
    const carried = new Function(`return (${leavePageRequest.toString()})`)() as typeof leavePageRequest;
    carried(KEY, 'left');
    expect(takePageRequest(KEY)).toBe('left');
  });
});

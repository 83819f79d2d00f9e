import { describe, expect, it } from 'vitest';
import { setUpTestEmulator } from './http-testing.ts';
import { DEMO } from './seed.ts';

const test = setUpTestEmulator('spec');

describe('the typed control client (tests/support/emulator-control.ts)', () => {
  it('reaches every control route', async () => {
    const { control, call } = test;
    expect((await control.clock()).offsetSeconds).toBe(0);
    expect((await control.advanceClock(61)).offsetSeconds).toBe(61);

    const faultId = await control.addFault({ path: '/space', status: 502, times: 1 });
    expect(await control.faults()).toEqual([expect.objectContaining({ id: faultId, status: 502, fired: 0 })]);
    expect((await call('GET', '/space')).status).toBe(502);
    await control.removeFault(faultId);
    await control.addFault({ path: '/space', status: 500 });
    await control.clearFaults();
    expect(await control.faults()).toEqual([]);

    const [entry] = await control.log();
    expect(entry).toMatchObject({ method: 'GET', path: '/space', status: 502 });
    expect(await control.log(entry?.seq)).toEqual([]);
    await control.clearLog();
    expect(await control.log()).toEqual([]);

    expect((await control.setRateLimits({ limits: { read: 5 } })).limits.read).toBe(5);
    expect((await control.rateLimits()).limits.read).toBe(5);

    const minted = await control.mintToken({ spaceId: DEMO.spaceId, scopes: ['api:read'] });
    expect(minted).toMatchObject({ spaceId: DEMO.spaceId, scopes: ['api:read'], expiresAt: null });
    expect(await control.revokeToken(minted.token)).toEqual({ revoked: 'personal' });

    expect(await control.setDailyNoteDelay(0)).toEqual({ delayMs: 0, pending: 0 });
    expect((await control.dailyNoteDelay()).delayMs).toBe(0);
    await call('POST', '/blocks/markdown/daily-note', { markdown: 'x' });
    await control.waitForDailyNotes();
    expect((await control.state({ spaceId: DEMO.spaceId })).pendingDailyNotes).toBe(0);

    expect(await control.violations()).toEqual([]);
    await control.reset({ profile: 'published' });
    expect((await control.state()).profile).toBe('published');
  });

  it('logs the types a search asked for, and none for a search that named none', async () => {
    const { control, call } = test;
    await call('POST', '/objects/search', { query: 'java', structureIds: ['RootTag'] });
    await call('POST', '/objects/search', { query: 'java' });
    const [tagSearch, anySearch] = await control.log();
    expect(tagSearch).toMatchObject({ path: '/objects/search', searchTypes: ['RootTag'] });
    expect(anySearch).toMatchObject({ path: '/objects/search' });
    expect(anySearch).not.toHaveProperty('searchTypes');
  });

  it('throws with the route, the status and the answer when a route refuses', async () => {
    await expect(test.control.removeFault('no-such-rule')).rejects.toThrow(
      /DELETE \/__emulator\/faults\/no-such-rule answered 404/,
    );
  });
});

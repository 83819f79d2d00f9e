import { expect as playwrightExpect } from '@playwright/test';

/**
 * Playwright's `expect`, with `expect.poll` asking again every 50 ms for as long as it waits.
 * Playwright's own poll backs off to once a second (100, 250, 500, then 1000 ms), so a condition
 * met just after a read was seen up to a second late, and a flow waits on dozens of them. A read
 * here costs a few milliseconds (a page's text, the emulator's state), so asking often is cheap.
 * An interval a test gives itself still wins.
 */
const POLL_INTERVALS = [50];

export const expect = playwrightExpect.configure({});
const poll = expect.poll.bind(expect);
expect.poll = ((actual: Parameters<typeof poll>[0], options?: Parameters<typeof poll>[1]) =>
  poll(
    actual,
    typeof options === 'string'
      ? { message: options, intervals: POLL_INTERVALS }
      : { intervals: POLL_INTERVALS, ...options },
  )) as typeof poll;

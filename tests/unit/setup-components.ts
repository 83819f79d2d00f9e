import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * What the React component tests add to tests/unit/setup.ts: jest-dom's matchers and an unmounted
 * tree after each test. Only they load Testing Library and React DOM, which would cost every other
 * unit test file a fifth of a second for nothing.
 */
/**
 * `findBy…` and `waitFor` give up after one second by default. `npm test` runs these files beside
 * three browsers on two cores, where a component that answers at once on a quiet machine has been
 * seen to take longer (CI failed on a rule list still "Reading the types…" after 1 s). A wait that
 * ends early costs nothing, so the limit is generous; a test that should fail still fails.
 */
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
});

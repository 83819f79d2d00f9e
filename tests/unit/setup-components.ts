import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

/**
 * What the React component tests add to tests/unit/setup.ts: jest-dom's matchers and an unmounted
 * tree after each test. Only they load Testing Library and React DOM, which would cost every other
 * unit test file a fifth of a second for nothing.
 */
afterEach(() => {
  cleanup();
});

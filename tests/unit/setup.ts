import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installIdentityMock } from './identity-mock';

beforeEach(() => {
  fakeBrowser.reset();
  installIdentityMock();
});

afterEach(() => {
  cleanup();
});

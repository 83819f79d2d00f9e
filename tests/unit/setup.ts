import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import { fakeBrowser } from 'wxt/testing/fake-browser';
import { installI18nMock } from './i18n-mock';
import { installIdentityMock } from './identity-mock';

beforeEach(() => {
  fakeBrowser.reset();
  installIdentityMock();
  installI18nMock();
});

afterEach(() => {
  cleanup();
});

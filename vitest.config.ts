import { defineConfig } from 'vitest/config';
import { WxtVitest } from 'wxt/testing/vitest-plugin';
import { BUILD_DEFINES } from './wxt.config.ts';

export default defineConfig({
  test: {
    projects: [
      {
        plugins: [WxtVitest()],
        define: BUILD_DEFINES,
        test: {
          name: 'unit',
          environment: 'happy-dom',
          globals: true,
          include: [
            'lib/**/*.test.{ts,tsx}',
            'components/**/*.test.{ts,tsx}',
            'entrypoints/**/*.test.{ts,tsx}',
            'tests/unit/*.test.{ts,tsx}',
          ],
          setupFiles: ['tests/unit/setup.ts'],
        },
      },
      {
        test: {
          name: 'node',
          environment: 'node',
          globals: true,
          include: ['tests/emulator/**/*.test.ts', 'tests/contract/**/*.test.ts', 'scripts/**/*.test.ts'],
          testTimeout: 20_000,
        },
      },
    ],
  },
});

// Tests: unit (no network), integration (emulators on loopback), e2e (the local runtime).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    // The console in a real browser needs Chromium: `npm run test:browser` (vitest.browser.config.ts).
    exclude: ['test/browser/**', '**/node_modules/**'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // The AWS SDK's nine-line Node 22 notice, once per test file, drowns the test output.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});

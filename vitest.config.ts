import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts', 'clients/typescript/test/**/*.test.ts'],
    // Generous: the property suites and whole games through the API take minutes on a loaded 2-core
    // machine, and tests assert behaviour, never wall-clock time.
    testTimeout: 600_000,
    hookTimeout: 120_000,
    // expect.poll waits for what happens beside the test (a service worker, a notifier): 1 s, its default, is a
    // race on a loaded machine; a poll still ends at once when its condition holds.
    expect: { poll: { timeout: 20_000 } },
    // One DynamoDB Local for the whole run; tests reach it through test/support/dynamo.ts.
    // The web client is built once (when stale) for the browser tests in test/web/.
    globalSetup: ['test/support/global-setup.ts', 'test/web/global-setup.ts'],
    // The SDK's notice that its 2027 releases need Node 22 (we deploy on 22) would fill the log.
    env: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: 'true' },
  },
});

import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // One DynamoDB Local for the whole run; tests reach it through test/support/dynamo.ts.
    globalSetup: ['test/support/global-setup.ts'],
  },
});

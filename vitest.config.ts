import { defineConfig } from 'vitest/config';

// Unit and server tests; the Playwright specs under tests/e2e run through their own runner.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    // Starts a PostgreSQL cluster when SWITCHYARD_TEST_DB=postgres (server tests on PostgreSQL); nothing otherwise.
    globalSetup: ['tests/support/postgresGlobalSetup.ts'],
  },
});

import { defineConfig } from 'vitest/config';

// Unit and server tests; the Playwright specs under tests/e2e run through their own runner.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
  },
});

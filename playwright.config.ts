// End-to-end specs against the real server (started by tests/e2e/globalSetup.ts after the
// editor build) in Debian's Chromium with WebGL through SwiftShader.
import { defineConfig } from '@playwright/test';

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  outputDir: 'test-results/artifacts',
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 120_000,
  expect: { timeout: 15_000 },
  globalSetup: './tests/e2e/globalSetup.ts',
  use: {
    viewport: { width: 1440, height: 900 },
    screenshot: 'only-on-failure',
    // Traces on demand (SWITCHYARD_E2E_TRACE=1): several people run specs in one checkout.
    trace: process.env.SWITCHYARD_E2E_TRACE ? 'retain-on-failure' : 'off',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
        '--use-angle=swiftshader',
        '--enable-unsafe-swiftshader',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});

import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(chromiumPath)) {
  const missing = new Error(
    `Chromium not found at ${chromiumPath}: install it with "apt-get install -y chromium" (or set CHROMIUM_PATH)`,
  );
  // The message says everything; a stack trace into Playwright's config loader would only bury it.
  missing.stack = missing.message;
  throw missing;
}

/** The server the suite starts (e2e/support/global-setup.ts) listens here. */
const port = Number(process.env.E2E_PORT ?? 3199);

// Playwright demands a default export from its config file.
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/support/global-setup.ts',
  globalTeardown: './e2e/support/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: chromiumPath,
          args: [
            '--no-sandbox',
            '--disable-gpu',
            '--disable-background-networking',
            // Grants the feedback dialog's screenshot (getDisplayMedia of the current tab) without a prompt.
            '--auto-accept-this-tab-capture',
          ],
        },
      },
    },
  ],
});

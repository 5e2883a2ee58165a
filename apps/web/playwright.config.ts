import fs from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

/** The browser binary at $envVariable or `fallback`; a missing one fails the run saying which package to install. */
function browserAt(envVariable: string, fallback: string, debianPackage: string): string {
  const executable = process.env[envVariable] ?? fallback;
  if (!fs.existsSync(executable)) {
    const missing = new Error(
      `${executable} not found: install it with "apt-get install -y ${debianPackage}" (or set ${envVariable})`,
    );
    // The message says everything; a stack trace into Playwright's config loader would only bury it.
    missing.stack = missing.message;
    throw missing;
  }
  return executable;
}

// Most tests run in Chromium's headless shell, the build Playwright itself uses for headless runs: the same Blink
// and V8 without the full browser's UI layers, which on a 2-core machine took the suite from 18 to 13 minutes. Tests
// tagged @full-browser need what only the full browser has (notification permissions, web push, tab capture).
const chromiumPath = browserAt('CHROMIUM_PATH', '/usr/bin/chromium', 'chromium');
const headlessShellPath = browserAt(
  'CHROMIUM_HEADLESS_SHELL_PATH',
  '/usr/bin/chromium-headless-shell',
  'chromium-headless-shell',
);
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  // Grants the feedback dialog's screenshot (getDisplayMedia of the current tab) without a prompt.
  '--auto-accept-this-tab-capture',
];
const fullBrowserTag = /@full-browser/;

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
  // Budgets for a 2-core machine running the server and two browsers at once: on a slow day there a card page
  // took 10 s to open its editor (3 s alone). Speed is measured by `npm run bench`, not by these limits.
  timeout: 60_000,
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : 'list',
  use: {
    baseURL: `http://localhost:${port}`,
    // Recording traces (the screencast above all) doubled the suite's CPU time on a 2-core machine; when a test fails,
    // run it again with `npx playwright test <file> --trace retain-on-failure` to get its trace.
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      grepInvert: fullBrowserTag,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: headlessShellPath, args: chromiumArgs } },
    },
    {
      name: 'chromium-full',
      grep: fullBrowserTag,
      use: { ...devices['Desktop Chrome'], launchOptions: { executablePath: chromiumPath, args: chromiumArgs } },
    },
  ],
});

// The board opened in Chromium: from the navigation until every column shows its first task, then the page's JS
// heap (after a collection) and how many elements it holds. Debian's Chromium, driven by playwright-core.
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { formatMs } from './report.mjs';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const targets = { openMs: 1500, heapMib: 100, elements: 5000 };

export async function measureBoardInBrowser(report, { label, baseUrl, email, projectId, statusCount }) {
  if (!fs.existsSync(chromiumPath)) {
    console.log(`  ${chromiumPath} is missing (apt-get install -y chromium): the board is not opened in a browser`);
    return;
  }
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--enable-precise-memory-info'],
  });
  try {
    const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('Bench-harbour-0-x9');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    // Once, so the board's code is in the cache as it is for someone who uses the app (what is measured is the
    // board, not the first download of its chunk).
    await page.goto(`${baseUrl}/${projectId}/kanban`);
    await page.locator('section[aria-label] li').first().waitFor();
    await page.goto(`${baseUrl}/dashboard`);

    const started = Date.now();
    await page.goto(`${baseUrl}/${projectId}/kanban`);
    await page.waitForFunction(
      (columns) => {
        const regions = [...document.querySelectorAll('main section[aria-label]')];
        return regions.length >= columns && regions.every((region) => region.querySelector('li'));
      },
      statusCount,
      { polling: 'raf', timeout: 30_000 },
    );
    const openMs = Date.now() - started;
    const session = await page.context().newCDPSession(page);
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    const elements = await page.evaluate(() => document.getElementsByTagName('*').length);
    const heapMib = usedSize / 1024 / 1024;
    report.add({
      name: `board (${label}): opened in Chromium until every column shows tasks`,
      figure: formatMs(openMs),
      target: `≤ ${targets.openMs} ms`,
      met: openMs <= targets.openMs,
    });
    report.add({
      name: `board (${label}): page JS heap, DOM elements`,
      figure: `${heapMib.toFixed(1)} MiB, ${elements.toLocaleString('en')} elements`,
      target: `≤ ${targets.heapMib} MiB, ≤ ${targets.elements.toLocaleString('en')}`,
      met: heapMib <= targets.heapMib && elements <= targets.elements,
    });
  } finally {
    await browser.close();
  }
}

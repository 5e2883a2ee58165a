import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';
import { adminAccount } from './support/admin';
import { createCardViaApi } from './support/cards';
import { createProjectViaApi, signIn } from './support/projects';

test('the admin sees the usage charts, totals and most active projects for the chosen period', async ({
  page,
  request,
}) => {
  test.setTimeout(60_000);
  const admin = await adminAccount(request);
  const name = `Insights ${crypto.randomUUID().slice(0, 8)}`;
  // Real actions record the events: creating projects records project_created, loading the app page_open.
  await createProjectViaApi(request, admin, name);
  const second = await createProjectViaApi(request, admin, `${name} second`);
  // Other journeys running alongside make busy projects too (the longest makes 56 cards): this one makes more
  // events than any of them, so it is among the most active whatever ran before it.
  for (let i = 0; i < 80; i += 1) await createCardViaApi(request, admin, second.id, `Insight card ${i}`);
  await signIn(page, admin);

  await page.goto('/admin/insights');
  await expect(page.getByRole('heading', { level: 1, name: 'Insights' })).toBeVisible();
  await expect(page.getByLabel('Period')).toHaveValue('30');

  const activeUsers = page.getByRole('figure', { name: 'Daily active users' });
  await expect(activeUsers.getByRole('application')).toBeVisible();
  await expect(activeUsers.locator('.recharts-line')).toHaveCount(1);
  const perDay = page.getByRole('figure', { name: 'Events per day' });
  await expect(perDay.getByRole('application')).toBeVisible();
  await expect(perDay.locator('.recharts-legend-wrapper')).toContainText('project_created');

  const totals = page.getByRole('table', { name: 'Events in the period, by name' });
  const created = totals.getByRole('row').filter({ hasText: 'project_created' });
  await expect(created).toBeVisible();
  expect(Number(await created.getByRole('cell').nth(1).textContent())).toBeGreaterThanOrEqual(2);
  await expect(totals.getByRole('row').filter({ hasText: 'page_open' })).toBeVisible();
  const projects = page.getByRole('table', { name: 'Projects with the most events in the period' });
  await expect(projects.getByRole('row').filter({ hasText: `${name} second` })).toBeVisible();

  await page.getByLabel('Period').selectOption('7');
  await expect(totals.getByRole('row').filter({ hasText: 'project_created' })).toBeVisible();
  await expect(activeUsers.getByRole('application')).toBeVisible();
});

test('the insights page fits a phone screen', async ({ page, request }) => {
  const admin = await adminAccount(request);
  await page.setViewportSize({ width: 375, height: 740 });
  await signIn(page, admin);
  await page.goto('/admin/insights');
  await expect(page.getByRole('figure', { name: 'Events per day' }).getByRole('application')).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    test('the admin pages have no serious or critical axe violations', async ({ page, request }) => {
      const admin = await adminAccount(request);
      await createProjectViaApi(request, admin, `Axe ${crypto.randomUUID().slice(0, 8)}`);
      await signIn(page, admin);
      for (const { path, heading } of [
        { path: '/admin/insights', heading: 'Insights' },
        { path: '/admin/reports', heading: 'Reports' },
      ]) {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expect(page.getByText(/^(Errors|Totals)$/).first()).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const severe = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }));
        expect(severe).toEqual([]);
      }
    });
  });
}

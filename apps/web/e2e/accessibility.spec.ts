import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const pages = [
  { path: '/', heading: /on your own server/ },
  { path: '/login', heading: 'Sign in' },
  { path: '/login?mode=register', heading: 'Create account' },
  { path: '/login?mode=reset', heading: 'Reset password' },
  { path: '/terms-and-conditions', heading: 'Terms and conditions' },
  { path: '/no/such/page', heading: 'WTF?' },
] as const;

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const { path, heading } of pages) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        const results = await new AxeBuilder({ page }).analyze();
        const severe = results.violations
          .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
          .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
        expect(severe).toEqual([]);
      });
    }
  });
}

import AxeBuilder from '@axe-core/playwright';
import { expect, type Page, test } from '@playwright/test';
import { chatsViaApi, createCardViaApi, createTaskViaApi, postMessageViaApi } from './support/cards';
import { notificationItem, notifyThroughProjects, openNotifications } from './support/notifications';
import {
  addMemberViaApi,
  createProjectViaApi,
  invitationLinkViaApi,
  registerAccount,
  signIn,
} from './support/projects';

const pages = [
  { path: '/', heading: /on your own server/ },
  { path: '/login', heading: 'Sign in' },
  { path: '/login?mode=register', heading: 'Create account' },
  { path: '/login?mode=reset', heading: 'Reset password' },
  { path: '/terms-and-conditions', heading: 'Terms and conditions' },
  { path: '/no/such/page', heading: 'WTF?' },
] as const;

async function expectNoSevereViolations(page: Page): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const severe = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, impact, help, nodes }) => ({ id, impact, help, targets: nodes.map((node) => node.target) }));
  expect(severe).toEqual([]);
}

for (const colorScheme of ['light', 'dark'] as const) {
  test.describe(`${colorScheme} theme`, () => {
    test.use({ colorScheme });

    for (const { path, heading } of pages) {
      test(`${path} has no serious or critical axe violations`, async ({ page }) => {
        await page.goto(path);
        await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
        await expectNoSevereViolations(page);
      });
    }

    test('the dashboard, a project, its settings and an invitation have no serious or critical axe violations', async ({
      page,
      request,
    }) => {
      // Five pages, each loaded and then analysed by axe (2–3 s apiece on two busy cores): the default 30 s
      // budget is for one journey, this is five.
      test.setTimeout(60_000);
      const owner = await registerAccount(request, 'a11y-owner', 'Ally Owner');
      const colleague = await registerAccount(request, 'a11y-member', 'Axel Member');
      const project = await createProjectViaApi(request, owner, 'Accessible project');
      await addMemberViaApi(request, owner, project.id, colleague.email, 'member');
      const { link } = await invitationLinkViaApi(request, owner, project.id);

      // Anonymous first: the invitation as a visitor sees it.
      await page.goto(link);
      await expect(page.getByRole('heading', { level: 1, name: 'Join Accessible project' })).toBeVisible();
      await expectNoSevereViolations(page);

      await signIn(page, owner);
      await expect(page.getByRole('link', { name: 'Accessible project' })).toBeVisible();
      await expectNoSevereViolations(page);

      await page.goto(`/${project.id}`);
      await expect(page.getByText('No cards yet')).toBeVisible();
      await expectNoSevereViolations(page);

      await page.goto(`/${project.id}/settings`);
      await expect(page.getByRole('row', { name: /Axel Member/ })).toBeVisible();
      await expect(page.getByRole('region', { name: 'Pending invitations' }).getByRole('listitem')).toHaveCount(1);
      await expectNoSevereViolations(page);

      await page.goto(link);
      await expect(page.getByRole('button', { name: 'Accept invitation' })).toBeVisible();
      await expectNoSevereViolations(page);
    });

    test('the cards list and a card with its body, chats and messages have no serious or critical axe violations', async ({
      page,
      request,
    }) => {
      const owner = await registerAccount(request, 'a11y-carder', 'Cara Carder');
      const project = await createProjectViaApi(request, owner, 'Accessible cards');
      const card = await createCardViaApi(request, owner, project.id, 'Accessible card');
      const [general] = await chatsViaApi(request, owner, card.id);
      if (!general) throw new Error('a new card has its General chat');
      await postMessageViaApi(request, owner, general.id, 'A message with a link: https://example.com');
      await signIn(page, owner);

      await page.goto(`/${project.id}`);
      await expect(page.getByRole('link', { name: 'Accessible card' })).toBeVisible();
      await expectNoSevereViolations(page);

      await page.goto(`/${project.id}/cards/${card.id}`);
      await expect(page.getByRole('textbox', { name: 'Card body' })).toBeVisible();
      await expect(page.getByRole('article')).toContainText('A message with a link');
      await expectNoSevereViolations(page);
    });

    test('the kanban board with tasks, the task drawer and My work have no serious or critical axe violations', async ({
      page,
      request,
    }) => {
      test.setTimeout(60_000);
      const owner = await registerAccount(request, 'a11y-tasker', 'Tara Tasker');
      const project = await createProjectViaApi(request, owner, 'Accessible board');
      const card = await createCardViaApi(request, owner, project.id, 'Accessible tasks');
      await createTaskViaApi(request, owner, card.id, {
        title: 'Accessible task',
        assignee_ids: [owner.userId],
        due_at: new Date(Date.now() - 3_600_000).toISOString(),
      });
      await signIn(page, owner);

      await page.goto(`/${project.id}/kanban`);
      // Exact, and in its column: the overdue reminder's toast names the task too.
      const task = page
        .getByRole('region', { name: 'To do' })
        .getByRole('button', { name: 'Accessible task', exact: true });
      await expect(task).toBeVisible();
      await expectNoSevereViolations(page);
      await task.click();
      await expect(page.getByRole('dialog', { name: 'Accessible task' })).toBeVisible();
      await expectNoSevereViolations(page);

      await page.goto(`/${project.id}/my-work`);
      await expect(page.getByRole('checkbox', { name: 'Accessible task' })).toBeVisible();
      await expectNoSevereViolations(page);
    });

    test('the open notifications panel has no serious or critical axe violations', async ({ page, request }) => {
      const owner = await registerAccount(request, 'a11y-notifier', 'Nadia Notifier');
      const person = await registerAccount(request, 'a11y-notified', 'Noel Notified');
      await notifyThroughProjects(request, owner, person, ['Accessible dock', 'Accessible quay']);

      await signIn(page, person);
      const panel = await openNotifications(page);
      // One read and one unread, so both looks are checked.
      await notificationItem(panel, 'Added to Accessible dock').getByRole('button', { name: 'Mark as read' }).click();
      await expect(panel).toContainText('1 unread');
      await expectNoSevereViolations(page);
    });
  });
}

import { expect, test } from '@playwright/test';
import { z } from 'zod';
import { registerAccount, signIn } from './support/projects';

const Profile = z.object({ last_project_id: z.string() });

test('a project is created from the dashboard and each area is reached from its navigation', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'create', 'Olga Owner');
  await signIn(page, owner);
  await expect(page.getByText('No projects yet')).toBeVisible();

  await page.getByRole('button', { name: 'New project', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'New project' });
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText('Please enter a project name.')).toBeVisible();
  await dialog.getByLabel('Project name').fill('x'.repeat(81));
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(dialog.getByText(/at most 80 characters/)).toBeVisible();
  await dialog.getByLabel('Project name').fill('Q3 roadmap');
  await dialog.getByLabel('Description').fill('What ships before autumn');
  await dialog.getByRole('button', { name: 'Create project' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Q3 roadmap' })).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/[0-9a-f-]{36}$/);
  const projectPath = new URL(page.url()).pathname;
  const nav = page.getByRole('navigation', { name: 'Project' });
  await expect(nav.getByRole('link', { name: 'Cards' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No cards yet')).toBeVisible();

  const areas = [
    { link: 'Kanban', path: `${projectPath}/kanban`, text: 'No tasks yet' },
    { link: 'My work', path: `${projectPath}/my-work`, text: 'Nothing assigned to you' },
    { link: 'Settings', path: `${projectPath}/settings`, text: 'Pending invitations' },
    { link: 'Cards', path: projectPath, text: 'No cards yet' },
  ];
  for (const area of areas) {
    await nav.getByRole('link', { name: area.link }).click();
    await expect(page).toHaveURL(area.path);
    await expect(page.getByRole('heading', { level: 2, name: area.link })).toBeVisible();
    await expect(page.getByText(area.text, { exact: true })).toBeVisible();
    for (const other of areas) {
      const link = nav.getByRole('link', { name: other.link });
      if (other.link === area.link) await expect(link).toHaveAttribute('aria-current', 'page');
      else await expect(link).not.toHaveAttribute('aria-current');
    }
  }

  // Opening the project made it the profile's last project.
  const token = await page.evaluate(() => localStorage.getItem('token'));
  await expect
    .poll(async () => {
      const response = await request.get('/api/profile', { headers: { Authorization: `Bearer ${token}` } });
      return Profile.parse(await response.json()).last_project_id;
    })
    .toBe(projectPath.slice(1));
});

test('n opens the New project dialog, and the switcher moves between projects keeping the area', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'shortcut', 'Nina Keys');
  await signIn(page, owner);
  await expect(page.getByText('No projects yet')).toBeVisible();

  await page.keyboard.press('n');
  const dialog = page.getByRole('dialog', { name: 'New project' });
  // Focus lands in the name field, so further n's are typed, not shortcuts.
  await page.keyboard.type('Planning');
  await expect(dialog.getByLabel('Project name')).toHaveValue('Planning');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { level: 1, name: 'Planning' })).toBeVisible();
  const planningPath = new URL(page.url()).pathname;

  await page.goto('/dashboard');
  await page.getByRole('button', { name: 'New project', exact: true }).focus();
  await page.keyboard.press('n');
  await dialog.getByLabel('Project name').fill('Hiring');
  await dialog.getByRole('button', { name: 'Create project' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Hiring' })).toBeVisible();

  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).click();
  await page.getByRole('button', { name: 'Switch project' }).click();
  await page.getByRole('menuitem', { name: 'Planning' }).click();
  await expect(page).toHaveURL(`${planningPath}/settings`);
  await expect(page.getByRole('heading', { level: 1, name: 'Planning' })).toBeVisible();

  await page.getByRole('link', { name: 'Projects', exact: true }).click();
  const list = page.getByRole('list', { name: 'Your projects' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByRole('link', { name: 'Planning' })).toBeVisible();
  await expect(list.getByRole('listitem').first()).toContainText('Owner');
});

test('switching project while the chosen area is still loading opens that area in the other project', async ({
  page,
  request,
}) => {
  const owner = await registerAccount(request, 'slowarea', 'Sol Wait');
  await signIn(page, owner);
  /** Creates the project from the dashboard; resolves to its path once it is open. */
  const createProject = async (name: string) => {
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'New project', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'New project' });
    await dialog.getByLabel('Project name').fill(name);
    await dialog.getByRole('button', { name: 'Create project' }).click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    return new URL(page.url()).pathname;
  };
  const planningPath = await createProject('Planning');
  await createProject('Hiring');

  // The Settings page's code is held back, as on a slow network: the Cards page stays on screen meanwhile.
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  let asked = false;
  await page.route(/\/assets\/settings-page-[^/]+\.js$/, async (route) => {
    asked = true;
    await held;
    await route.continue();
  });
  await page.getByRole('navigation', { name: 'Project' }).getByRole('link', { name: 'Settings' }).click();
  await expect.poll(() => asked).toBe(true);
  await expect(page.getByText('No cards yet')).toBeVisible();
  await page.getByRole('button', { name: 'Switch project' }).click();
  await page.getByRole('menuitem', { name: 'Planning' }).click();
  release();
  await expect(page).toHaveURL(`${planningPath}/settings`);
  await expect(page.getByRole('heading', { level: 2, name: 'Settings' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Planning' })).toBeVisible();
});

import { expect, test } from '@playwright/test';
import { createCardViaApi, createChatViaApi, postMessageViaApi } from './support/cards';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('cards, chats, unread counts and deleted messages follow other people’s changes without a reload', async ({
  page,
  request,
}) => {
  const ada = await registerAccount(request, 'live-cards-a', 'Ada Live');
  const ben = await registerAccount(request, 'live-cards-b', 'Ben Live');
  const project = await createProjectViaApi(request, ada, 'Live wire');
  await addMemberViaApi(request, ada, project.id, ben.email, 'member');

  await signIn(page, ben);
  await page.goto(`/${project.id}`);
  await expect(page.getByText('No cards yet')).toBeVisible();
  const card = await createCardViaApi(request, ada, project.id, 'Made elsewhere');
  await page.getByRole('link', { name: 'Made elsewhere' }).click();
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'true');

  // A chat made by Ada appears as a tab, with a badge once she writes in it.
  const design = await createChatViaApi(request, ada, card.id, 'Design');
  await expect(page.getByRole('tab', { name: 'Design' })).toBeVisible();
  await postMessageViaApi(request, ada, design.id, 'Unread news');
  await expect(page.getByRole('tab', { name: 'Design 1 unread' })).toBeVisible();

  // Opening it reads it: the badge goes, and stays gone after a reload.
  await page.getByRole('tab', { name: /Design/ }).click();
  await expect(page.getByRole('article', { name: 'Ada Live' })).toContainText('Unread news');
  await expect(page.getByRole('tab', { name: 'Design', exact: true })).toBeVisible();
  await page.reload();
  await expect(page.getByRole('tab', { name: 'Design', exact: true })).toHaveAttribute('aria-selected', 'true');

  // Ada deletes her message from elsewhere: it goes from Ben's page.
  const messages = await request.get(`/api/chats/${design.id}/messages`, {
    headers: { Authorization: `Bearer ${ada.token}` },
  });
  const [message] = (await messages.json()) as { id: string }[];
  const deleted = await request.delete(`/api/messages/${message?.id}`, {
    headers: { Authorization: `Bearer ${ada.token}` },
  });
  expect(deleted.status()).toBe(204);
  await expect(page.getByRole('article')).toHaveCount(0);

  // And when she deletes the card, Ben is taken back to the list.
  const gone = await request.delete(`/api/cards/${card.id}`, { headers: { Authorization: `Bearer ${ada.token}` } });
  expect(gone.status()).toBe(204);
  await expect(page).toHaveURL(`/${project.id}`);
  await expect(page.getByRole('alert').filter({ hasText: 'This card was deleted.' })).toBeVisible();
  await expect(page.getByText('No cards yet')).toBeVisible();
});

test('long lists load more as you scroll: cards downwards, older messages upwards', async ({ page, request }) => {
  test.setTimeout(60_000);
  const owner = await registerAccount(request, 'scroller', 'Scott Scroller');
  const project = await createProjectViaApi(request, owner, 'Long lists');
  for (let i = 1; i <= 55; i += 1) await createCardViaApi(request, owner, project.id, `Card number ${i}`);
  const card = await createCardViaApi(request, owner, project.id, 'Chatty card');
  const chats = await request.get(`/api/cards/${card.id}/chats`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  const [general] = (await chats.json()) as { id: string }[];
  if (!general) throw new Error('a new card has its General chat');
  for (let i = 1; i <= 60; i += 1) await postMessageViaApi(request, owner, general.id, `Message number ${i}`);

  await signIn(page, owner);
  await page.goto(`/${project.id}`);
  const list = page.getByRole('list', { name: 'Cards' });
  await expect(list.getByRole('listitem')).toHaveCount(50);
  await list.getByRole('listitem').last().scrollIntoViewIfNeeded();
  await expect(list.getByRole('listitem')).toHaveCount(56);
  await expect(list.getByRole('link', { name: 'Card number 1', exact: true })).toBeVisible();

  await page.goto(`/${project.id}/cards/${card.id}`);
  const log = page.getByRole('log', { name: 'Messages in General' });
  await expect(log.getByRole('article')).toHaveCount(50);
  // The chat opens at its newest message, just above the composer.
  await page.getByRole('textbox', { name: 'Message' }).scrollIntoViewIfNeeded();
  await expect(log.getByText('Message number 60', { exact: true })).toBeInViewport();
  await expect(log.getByText('Message number 11', { exact: true })).not.toBeInViewport();
  await log.getByRole('article').first().scrollIntoViewIfNeeded();
  await expect(log.getByRole('article')).toHaveCount(60);
  await expect(log.getByRole('article').first()).toContainText('Message number 1');
});

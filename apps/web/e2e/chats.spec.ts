import { expect, test } from '@playwright/test';
import { chatsViaApi, createCardViaApi, createChatViaApi, postMessageViaApi } from './support/cards';
import { holdAnimationFrames } from './support/held-frames';
import { addMemberViaApi, createProjectViaApi, registerAccount, signIn } from './support/projects';

test('a message sent with Enter appears for the other person without a reload', async ({ page, request, browser }) => {
  const ada = await registerAccount(request, 'chatter-a', 'Ada Chatter');
  const ben = await registerAccount(request, 'chatter-b', 'Ben Chatter');
  const project = await createProjectViaApi(request, ada, 'Radio room');
  await addMemberViaApi(request, ada, project.id, ben.email, 'member');
  const card = await createCardViaApi(request, ada, project.id, 'Frequencies');

  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await signIn(benPage, ben);
  await benPage.goto(`/${project.id}/cards/${card.id}`);
  await expect(benPage.getByText('No messages in General yet.')).toBeVisible();

  await signIn(page, ada);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('First line');
  await composer.press('Shift+Enter');
  await composer.pressSequentially('second line');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');

  const arrived = benPage.getByRole('article', { name: 'Ada Chatter' });
  await expect(arrived).toContainText('First line\nsecond line');
  await expect(page.getByRole('article', { name: 'Ada Chatter' })).toHaveCount(1);

  // Ben answers with a reaction and a reply; Ada sees both live.
  await arrived.getByRole('button', { name: 'Add reaction' }).click();
  await benPage.getByRole('menuitem', { name: '🎉' }).click();
  await expect(page.getByRole('button', { name: '🎉 1 reaction' })).toBeVisible();
  await benPage.getByRole('textbox', { name: 'Message' }).fill('Copy that');
  await benPage.getByRole('textbox', { name: 'Message' }).press('Enter');
  await expect(page.getByRole('article', { name: 'Ben Chatter' })).toContainText('Copy that');
  await benContext.close();
});

test('the chat URL selects its tab, and selecting a tab puts it in the URL', async ({ page, request }) => {
  const owner = await registerAccount(request, 'tabber', 'Tab Owner');
  const project = await createProjectViaApi(request, owner, 'Switchboard');
  const card = await createCardViaApi(request, owner, project.id, 'Lines');
  const design = await createChatViaApi(request, owner, card.id, 'Design');
  await postMessageViaApi(request, owner, design.id, 'About the design');
  const [general] = await chatsViaApi(request, owner, card.id);

  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}/chats/${design.id}`);
  await expect(page.getByRole('tab', { name: 'Design' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tab', { name: 'General' })).toHaveAttribute('aria-selected', 'false');
  await expect(page.getByRole('tabpanel')).toContainText('About the design');

  await page.getByRole('tab', { name: 'General' }).click();
  await expect(page).toHaveURL(`/${project.id}/cards/${card.id}/chats/${general?.id}`);
  await expect(page.getByRole('tabpanel')).toContainText('No messages in General yet.');

  // Arrow keys move between tabs too.
  await page.getByRole('tab', { name: 'General' }).press('ArrowRight');
  await expect(page.getByRole('tab', { name: 'Design' })).toBeFocused();
  await expect(page).toHaveURL(`/${project.id}/cards/${card.id}/chats/${design.id}`);
});

test('a new chat is created from the dialog and opens', async ({ page, request }) => {
  const owner = await registerAccount(request, 'chat-maker', 'Cam Maker');
  const project = await createProjectViaApi(request, owner, 'Exchange');
  const card = await createCardViaApi(request, owner, project.id, 'Topics');
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  await page.getByRole('button', { name: 'New chat' }).click();
  const dialog = page.getByRole('dialog', { name: 'New chat' });
  await dialog.getByLabel('Chat name').fill('Release notes');
  await dialog.getByRole('button', { name: 'Create chat' }).click();
  await expect(page.getByRole('tab', { name: 'Release notes' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(new RegExp(`/${project.id}/cards/${card.id}/chats/[0-9a-f-]{36}$`));
});

test('an author edits and deletes their message through Message actions', async ({ page, request }) => {
  const owner = await registerAccount(request, 'editor-of-words', 'Eda Editor');
  const project = await createProjectViaApi(request, owner, 'Revisions');
  const card = await createCardViaApi(request, owner, project.id, 'Wording');
  await signIn(page, owner);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.fill('Teh first draft');
  await composer.press('Enter');
  const message = page.getByRole('article', { name: 'Eda Editor' });

  await message.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await message.getByRole('textbox', { name: 'Edit message' }).fill('The first draft');
  await message.getByRole('textbox', { name: 'Edit message' }).press('Enter');
  await expect(message).toContainText('The first draft');
  await expect(message).toContainText('edited');

  await message.getByRole('button', { name: 'Message actions' }).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page
    .getByRole('dialog', { name: 'Delete this message?' })
    .getByRole('button', { name: 'Delete message' })
    .click();
  await expect(page.getByRole('article')).toHaveCount(0);
});

test('an @-mention picked in the composer reaches the mentioned person as a toast', async ({
  page,
  request,
  browser,
}) => {
  const ada = await registerAccount(request, 'mentioner', 'Ada Mentioner');
  const ben = await registerAccount(request, 'mentioned', 'Benedict Mentioned');
  const project = await createProjectViaApi(request, ada, 'Call signs');
  await addMemberViaApi(request, ada, project.id, ben.email, 'member');
  const card = await createCardViaApi(request, ada, project.id, 'Roll call');

  const benContext = await browser.newContext();
  const benPage = await benContext.newPage();
  await signIn(benPage, ben);

  await signIn(page, ada);
  await page.goto(`/${project.id}/cards/${card.id}`);
  const composer = page.getByRole('textbox', { name: 'Message' });
  await composer.pressSequentially('Over to @Bene');
  await expect(page.getByRole('option', { name: 'Benedict Mentioned' })).toHaveAttribute('aria-selected', 'true');
  // Frames are held until a letter has been typed after the pick: a caret placed on a frame would jump back over it.
  const releaseFrames = await holdAnimationFrames(page);
  await composer.press('Enter');
  await expect(composer).toHaveValue('Over to @Benedict Mentioned ');
  await composer.pressSequentially('p');
  await releaseFrames();
  await composer.pressSequentially('lease');
  await expect(composer).toHaveValue('Over to @Benedict Mentioned please');
  await composer.press('Enter');

  const toast = benPage.getByRole('alert').filter({ hasText: 'Ada Mentioner mentioned you in Roll call' });
  await expect(toast).toBeVisible();
  await toast.getByRole('button', { name: /mentioned you in Roll call/ }).click();
  await expect(benPage).toHaveURL(new RegExp(`/${project.id}/cards/${card.id}/chats/[0-9a-f-]{36}$`));
  await expect(benPage.getByRole('article', { name: 'Ada Mentioner' })).toContainText(
    'Over to @Benedict Mentioned please',
  );
  await benContext.close();
});

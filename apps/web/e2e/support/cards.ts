import { type APIRequestContext, expect } from '@playwright/test';
import { z } from 'zod';
import type { ApiAccount } from './projects';

const Card = z.object({ id: z.string(), title: z.string() });
const Chat = z.object({ id: z.string(), name: z.string() });

function bearer(account: ApiAccount) {
  return { Authorization: `Bearer ${account.token}` };
}

export async function createCardViaApi(
  request: APIRequestContext,
  author: ApiAccount,
  projectId: string,
  title: string,
) {
  const response = await request.post(`/api/projects/${projectId}/cards`, { headers: bearer(author), data: { title } });
  expect(response.status()).toBe(201);
  return Card.parse(await response.json());
}

export async function chatsViaApi(request: APIRequestContext, account: ApiAccount, cardId: string) {
  const response = await request.get(`/api/cards/${cardId}/chats`, { headers: bearer(account) });
  expect(response.status()).toBe(200);
  return z.array(Chat).parse(await response.json());
}

export async function createChatViaApi(request: APIRequestContext, author: ApiAccount, cardId: string, name: string) {
  const response = await request.post(`/api/cards/${cardId}/chats`, { headers: bearer(author), data: { name } });
  expect(response.status()).toBe(201);
  return Chat.parse(await response.json());
}

export async function postMessageViaApi(
  request: APIRequestContext,
  author: ApiAccount,
  chatId: string,
  text: string,
  mentions: string[] = [],
) {
  const response = await request.post(`/api/chats/${chatId}/messages`, {
    headers: bearer(author),
    data: { text, mentions },
  });
  expect(response.status()).toBe(201);
}

const Task = z.object({ id: z.string(), title: z.string(), status_id: z.string() });
const Status = z.object({ id: z.string(), name: z.string() });

export async function statusesViaApi(request: APIRequestContext, account: ApiAccount, projectId: string) {
  const response = await request.get(`/api/projects/${projectId}/statuses`, { headers: bearer(account) });
  expect(response.status()).toBe(200);
  return z.array(Status).parse(await response.json());
}

export async function createTaskViaApi(
  request: APIRequestContext,
  author: ApiAccount,
  cardId: string,
  body: { title: string; status_id?: string; assignee_ids?: string[]; due_at?: string | null; labels?: string[] },
) {
  const response = await request.post(`/api/cards/${cardId}/tasks`, { headers: bearer(author), data: body });
  expect(response.status()).toBe(201);
  return Task.parse(await response.json());
}

export async function moveTaskViaApi(
  request: APIRequestContext,
  account: ApiAccount,
  taskId: string,
  statusId: string,
) {
  const response = await request.post(`/api/tasks/${taskId}/move`, {
    headers: bearer(account),
    data: { status_id: statusId },
  });
  expect(response.status()).toBe(200);
}

export async function updateTaskViaApi(
  request: APIRequestContext,
  account: ApiAccount,
  taskId: string,
  body: { title?: string; priority?: string; labels?: string[]; assignee_ids?: string[] },
) {
  const response = await request.patch(`/api/tasks/${taskId}`, { headers: bearer(account), data: body });
  expect(response.status()).toBe(200);
}

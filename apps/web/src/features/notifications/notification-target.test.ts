import { describe, expect, it } from 'vitest';
import { notificationTarget } from './notification-target';

const projectId = '0190a0b0-0000-7000-8000-000000000001';
const cardId = '0190a0b0-0000-7000-8000-000000000002';
const chatId = '0190a0b0-0000-7000-8000-000000000003';

describe('notificationTarget', () => {
  it('opens the chat, the card or the project, else the dashboard', () => {
    expect(notificationTarget({ projectId, cardId, chatId })).toBe(`/${projectId}/cards/${cardId}/chats/${chatId}`);
    expect(notificationTarget({ projectId, cardId, chatId: null })).toBe(`/${projectId}/cards/${cardId}`);
    expect(notificationTarget({ projectId, cardId: null, chatId: null })).toBe(`/${projectId}`);
    expect(notificationTarget({ projectId: null, cardId: null, chatId: null })).toBe('/dashboard');
  });

  it('opens the project’s settings for a webhook disabled after failures, where it is enabled again', () => {
    expect(notificationTarget({ projectId, cardId: null, chatId: null, type: 'webhook_disabled' })).toBe(
      `/${projectId}/settings`,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { camelCaseKey, camelize } from './case';

describe('camelize', () => {
  it('converts the spec notification fields to the client names', () => {
    const wire = {
      id: 'n1',
      user_id: 'u1',
      project_id: 'p1',
      card_id: 'c1',
      chat_id: 'h1',
      task_id: 't1',
      file_id: 'f1',
      author_id: 'a1',
      author_name: 'Ada',
      is_read: false,
      created_at: '2026-01-01T00:00:00Z',
    };
    expect(camelize(wire)).toEqual({
      id: 'n1',
      userId: 'u1',
      projectId: 'p1',
      cardId: 'c1',
      chatId: 'h1',
      taskId: 't1',
      fileId: 'f1',
      authorId: 'a1',
      authorName: 'Ada',
      isRead: false,
      createdAt: '2026-01-01T00:00:00Z',
    });
  });

  it('goes through arrays and nested objects, and leaves values alone', () => {
    const camel = camelize({ id_token: 'x_y', user: { email_verified: true }, list: [{ last_project_id: '' }] });
    expect(camel).toEqual({ idToken: 'x_y', user: { emailVerified: true }, list: [{ lastProjectId: '' }] });
    expect(camel.user.emailVerified).toBe(true);
  });

  it('keeps keys without underscores and handles digits', () => {
    expect(camelCaseKey('status')).toBe('status');
    expect(camelCaseKey('oidc_google_enabled')).toBe('oidcGoogleEnabled');
    expect(camelCaseKey('line_2')).toBe('line2');
  });
});

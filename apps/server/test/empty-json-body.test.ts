import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, type TestUser, uniqueEmail } from './support/test-app';

// Spec §7: every call carries `Content-Type: application/json`, payload or not. A client written from the spec
// sends exactly that with an empty body; each documented route without a request body must take it.

interface OpenApiDocument {
  paths: Record<string, Record<string, { requestBody?: unknown }>>;
}

const randomId = '0190f0e4-9a7e-7000-8000-000000000000';

/**
 * What each documented route without a body answers here (ids that exist where the route is about them,
 * unknown ones elsewhere). A route added without a line here fails the test, so none escapes it.
 */
const expectedStatus: Record<string, number> = {
  'GET /api/health': 200,
  'GET /api/ready': 200,
  'GET /api/client-config': 200,
  'POST /api/auth/refresh': 204,
  'POST /api/auth/logout': 204,
  'POST /api/auth/verification-mail': 202,
  'GET /api/auth/oidc/{provider}/start': 404,
  'GET /api/auth/oidc/{provider}/callback': 404,
  'GET /api/profile': 200,
  'GET /api/projects': 200,
  'GET /api/projects/{projectId}': 200,
  'GET /api/projects/{projectId}/members': 200,
  'DELETE /api/projects/{projectId}/members/{userId}': 404,
  'DELETE /api/projects/{projectId}/invitations/{invitationId}': 404,
  'POST /api/projects/{projectId}/invitations/{invitationId}/resend': 404,
  'GET /api/projects/{projectId}/cards': 200,
  'GET /api/cards/{cardId}': 404,
  'DELETE /api/cards/{cardId}': 404,
  'GET /api/cards/{cardId}/chats': 404,
  'DELETE /api/chats/{chatId}': 404,
  'POST /api/chats/{chatId}/read': 404,
  'GET /api/chats/{chatId}/messages': 404,
  'DELETE /api/messages/{messageId}': 404,
  'GET /api/projects/{projectId}/statuses': 200,
  'DELETE /api/statuses/{statusId}': 404,
  'GET /api/cards/{cardId}/tasks': 404,
  'DELETE /api/tasks/{taskId}': 404,
  'GET /api/projects/{projectId}/board': 200,
  // An upload is multipart/form-data: a JSON content type is the wrong kind of body, not no body.
  'POST /api/projects/{projectId}/files': 415,
  'GET /api/projects/{projectId}/files': 200,
  'GET /api/files/{fileId}': 404,
  'DELETE /api/files/{fileId}': 404,
  // Without a signature in the query: not a link at all.
  'GET /api/files/{fileId}/content': 400,
  'GET /api/files/{fileId}/thumbnail': 400,
  'GET /api/my-work': 200,
  'PUT /api/messages/{messageId}/reactions/{emoji}': 400,
  'DELETE /api/messages/{messageId}/reactions/{emoji}': 400,
  'GET /api/invitations/{token}': 404,
  'POST /api/invitations/{token}/accept': 404,
  'GET /api/notifications': 200,
  'GET /api/notifications/unread-count': 200,
  'PUT /api/notifications/mark-all-read': 200,
  'PUT /api/notifications/{id}/read': 200,
  'DELETE /api/notifications/{id}': 204,
  'GET /api/push/vapidPublicKey': 200,
  'GET /api/search': 200,
  'GET /api/search/suggest': 200,
  'GET /api/admin/access': 200,
  'GET /api/admin/reports/errors': 200,
  'GET /api/admin/reports/feedback': 200,
  'GET /api/admin/reports/attachments/{attachmentId}': 404,
  'GET /api/admin/reports/replays/{replayId}': 404,
  'GET /api/admin/reports/replays/{replayId}/events': 404,
  'GET /api/admin/insights': 400,
  'GET /api/projects/{projectId}/activity': 200,
  'POST /api/projects/{projectId}/exports': 202,
  'GET /api/projects/{projectId}/exports': 200,
  'GET /api/exports/{exportId}': 404,
  'GET /api/exports/{exportId}/content': 400,
  // Like an upload: multipart/form-data.
  'POST /api/imports': 415,
  'GET /api/imports': 200,
  'GET /api/imports/{importId}': 404,
  'GET /api/tokens': 200,
  'DELETE /api/tokens/{tokenId}': 404,
  'GET /api/projects/{projectId}/webhooks': 200,
  'DELETE /api/webhooks/{webhookId}': 404,
  'POST /api/webhooks/{webhookId}/rotate-secret': 404,
  'GET /api/webhooks/{webhookId}/deliveries': 404,
  'POST /api/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver': 404,
  'POST /api/webhooks/{webhookId}/test': 404,
  // Last: the project the routes above read.
  'DELETE /api/projects/{projectId}': 204,
};

let t: TestApp;
let owner: TestUser;
let projectId: string;
let notificationId: string;

beforeAll(async () => {
  const ownerEmail = uniqueEmail('owner');
  t = await createTestApp({ ADMIN_EMAILS: ownerEmail });
  owner = await t.signUp({ email: ownerEmail, name: 'Olive Owner' });
  const other = await t.signUp({ name: 'Oscar Other' });
  const project = await t.request<{ id: string }>('POST', '/api/projects', { token: owner.token, body: { name: 'P' } });
  projectId = project.body.id;
  // Being added to someone's project gives the owner a notification to mark and delete.
  const theirs = await t.request<{ id: string }>('POST', '/api/projects', { token: other.token, body: { name: 'Q' } });
  await t.request('POST', `/api/projects/${theirs.body.id}/members`, {
    token: other.token,
    body: { email: owner.email, role: 'member' },
  });
  const notes = await t.request<{ id: string }[]>('GET', '/api/notifications', { token: owner.token });
  const [note] = notes.body;
  if (!note) throw new Error('no notification to test with');
  notificationId = note.id;
});
afterAll(() => t.close());

function fillPath(path: string): string {
  const values: Record<string, string> = {
    projectId,
    id: notificationId,
    provider: 'google',
    token: 'no-such-token',
    replayId: '0123456789abcdef0123456789abcdef',
  };
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? randomId);
}

async function documentedRoutesWithoutBody(): Promise<string[]> {
  const doc = await t.request<OpenApiDocument>('GET', '/api/docs/json');
  return Object.entries(doc.body.paths)
    .filter(([path]) => path.startsWith('/api/')) // /ingest speaks Sentry's envelope format, not JSON
    .flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.requestBody === undefined)
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
}

describe('a JSON content type with an empty body', () => {
  it('is taken as no body by every documented route that has none', async () => {
    const routes = await documentedRoutesWithoutBody();
    expect(routes.sort()).toEqual(Object.keys(expectedStatus).sort());
    const answers: Record<string, number> = {};
    for (const route of Object.keys(expectedStatus)) {
      const [method = '', path = ''] = route.split(' ');
      const res = await t.request(method, fillPath(path), {
        token: owner.token,
        headers: { 'content-type': 'application/json' },
        // fetch sends no body at all with a GET; every other method gets an empty one (Content-Length: 0).
        ...(method === 'GET' ? {} : { rawBody: '' }),
      });
      expect(res.text, route).not.toContain('request/invalid-json');
      answers[route] = res.status;
    }
    expect(answers).toEqual(expectedStatus);
  });

  it('marks and deletes notifications as spec §7 clients send them', async () => {
    const { reader, noteId } = await notifiedPerson();
    const json = { token: reader.token, rawBody: '', headers: { 'content-type': 'application/json' } };
    const read = await t.request<{ is_read: boolean }>('PUT', `/api/notifications/${noteId}/read`, json);
    expect(read.status).toBe(200);
    expect(read.body.is_read).toBe(true);
    expect((await t.request('PUT', '/api/notifications/mark-all-read', json)).status).toBe(200);
    expect((await t.request('DELETE', `/api/notifications/${noteId}`, json)).status).toBe(204);
    expect((await t.request('GET', '/api/notifications', { token: reader.token })).body).toEqual([]);
  });

  it('still refuses a body that is present and malformed, leaving the data as it was', async () => {
    const { reader, noteId } = await notifiedPerson();
    const res = await t.request('DELETE', `/api/notifications/${noteId}`, { token: reader.token, rawBody: '{"oops":' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ error: { code: 'request/invalid-json', message: expect.any(String) } });
    const notes = await t.request<{ id: string }[]>('GET', '/api/notifications', { token: reader.token });
    expect(notes.body.map((note) => note.id)).toEqual([noteId]);
  });
});

/** Someone with one notification (they were added to another person's project). */
async function notifiedPerson(): Promise<{ reader: TestUser; noteId: string }> {
  const other = await t.signUp();
  const project = await t.request<{ id: string }>('POST', '/api/projects', { token: other.token, body: { name: 'R' } });
  const reader = await t.signUp();
  await t.request('POST', `/api/projects/${project.body.id}/members`, {
    token: other.token,
    body: { email: reader.email, role: 'member' },
  });
  const [note] = (await t.request<{ id: string }[]>('GET', '/api/notifications', { token: reader.token })).body;
  if (!note) throw new Error('no notification to test with');
  return { reader, noteId: note.id };
}

import { createHash } from 'node:crypto';
import type { ApiToken } from '@deckhand/contract/tokens';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { createApiToken, viaToken } from '../../../test/support/tokens';
import { upload, uploadOk } from '../../../test/support/uploads';
import { apiTokens } from '../../db/schema/tokens';

let t: TestApp;
let team: Team;
const dayMs = 24 * 60 * 60 * 1000;

beforeAll(async () => {
  t = await createTestApp();
  team = await createTeam(t, 'Token project');
});
afterAll(() => t?.close());

describe('POST /api/tokens', () => {
  it('makes a token shown once, keeps only its hash and hint, and expires it in 30 days by default', async () => {
    const before = Date.now();
    const res = await t.request<ApiToken & { token: string }>('POST', '/api/tokens', {
      token: team.member.token,
      body: { name: 'CI job', scope: 'write' },
    });
    expect(res.status).toBe(201);
    const created = res.body;
    expect(created.token).toMatch(/^dh_[0-9A-Za-z]{40}$/);
    expect(created).toMatchObject({
      name: 'CI job',
      scope: 'write',
      project_ids: null,
      token_hint: created.token.slice(-4),
      last_used_at: null,
    });
    const expires = Date.parse(created.expires_at ?? '');
    expect(expires - before).toBeGreaterThanOrEqual(30 * dayMs - 1000);
    expect(expires - Date.now()).toBeLessThanOrEqual(30 * dayMs);

    const [row] = await t.database.db.select().from(apiTokens).where(eq(apiTokens.id, created.id));
    expect(row?.secretHash).toBe(createHash('sha256').update(created.token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(created.token.slice(3));

    const listed = await callOk<ApiToken[]>(t, team.member, 'GET', '/api/tokens');
    expect(listed.map((token) => token.id)).toContain(created.id);
    expect(JSON.stringify(listed)).not.toContain(created.token);
    expect(listed.find((token) => token.id === created.id)).not.toHaveProperty('token');
  });

  it('keeps a chosen expiry, and refuses one past or more than a year ahead', async () => {
    const at = new Date(Date.now() + 90 * dayMs).toISOString();
    const created = await createApiToken(t, team.member, { scope: 'read', expires_at: at });
    expect(created.expires_at).toBe(at);
    for (const expires_at of [
      new Date(Date.now() - 1000).toISOString(),
      new Date(Date.now() + 366 * dayMs).toISOString(),
    ]) {
      const res = await t.request('POST', '/api/tokens', {
        token: team.member.token,
        body: { name: 'Bad', scope: 'read', expires_at },
      });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ error: { code: 'tokens/invalid' } });
    }
  });

  it('refuses a bad body with a clear 400, and projects the caller is not a member of', async () => {
    for (const body of [
      { name: '', scope: 'read' },
      { name: 'x', scope: 'admin' },
      { name: 'x', scope: 'read', project_ids: ['not-a-uuid'] },
      { name: 'x', scope: 'read', project_ids: [] },
      { name: 'x'.repeat(101), scope: 'read' },
    ]) {
      const res = await t.request('POST', '/api/tokens', { token: team.member.token, body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const other = await callOk(t, team.stranger, 'POST', '/api/projects', { name: 'Not yours' });
    const res = await t.request('POST', '/api/tokens', {
      token: team.member.token,
      body: { name: 'x', scope: 'read', project_ids: [other.id] },
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ error: { code: 'tokens/invalid' } });
  });

  it('allows at most 50 tokens per person', async () => {
    const person = await t.signUp({ name: 'Many Tokens' });
    for (let i = 0; i < 50; i += 1) await createApiToken(t, person, { scope: 'read', name: `Token ${i}` });
    const res = await t.request('POST', '/api/tokens', {
      token: person.token,
      body: { name: 'One more', scope: 'read' },
    });
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ error: { code: 'tokens/too-many' } });
    expect(await callOk<ApiToken[]>(t, person, 'GET', '/api/tokens')).toHaveLength(50);
  });

  it('needs a sign-in', async () => {
    const res = await t.request('POST', '/api/tokens', { body: { name: 'x', scope: 'read' } });
    expect(res.status).toBe(401);
  });
});

describe('a request with a token', () => {
  it('acts as its owner; a read token may GET only', async () => {
    const { token } = await createApiToken(t, team.member, { scope: 'read' });
    const script = viaToken(team.member, token);
    const projects = await callOk<{ id: string }[]>(t, script, 'GET', '/api/projects');
    expect(projects.map((project) => project.id)).toContain(team.projectId);
    for (const [method, path, body] of [
      ['POST', `/api/projects/${team.projectId}/cards`, { title: 'From a read token' }],
      ['PATCH', `/api/projects/${team.projectId}`, { name: 'Renamed' }],
      ['DELETE', `/api/projects/${team.projectId}`, undefined],
    ] as const) {
      const res = await t.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'tokens/insufficient-scope' } });
    }
    const cards = await callOk<{ items: { title: string }[] }>(
      t,
      script,
      'GET',
      `/api/projects/${team.projectId}/cards`,
    );
    expect(cards.items.map((card) => card.title)).not.toContain('From a read token');
  });

  it('follows the scope on every kind of route: uploads, file reads, and the board', async () => {
    const read = await createApiToken(t, team.member, { scope: 'read' });
    const write = await createApiToken(t, team.member, { scope: 'write' });
    const bytes = new TextEncoder().encode('notes from a script');
    const refused = await upload(t, viaToken(team.member, read.token), team.projectId, { name: 'notes.txt', bytes });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ error: { code: 'tokens/insufficient-scope' } });
    const file = await uploadOk(t, viaToken(team.member, write.token), team.projectId, { name: 'notes.txt', bytes });
    expect(file.uploaded_by).toMatchObject({ user_id: team.member.id });
    const meta = await callOk<{ name: string }>(t, viaToken(team.member, read.token), 'GET', `/api/files/${file.id}`);
    expect(meta.name).toBe('notes.txt');
    await callOk(t, viaToken(team.member, read.token), 'GET', `/api/projects/${team.projectId}/board`);
    const deleted = await t.request('DELETE', `/api/files/${file.id}`, { token: read.token });
    expect(deleted.status).toBe(403);
  });

  it('writes with a write token, as its owner, and the history says it came through a token', async () => {
    const { token } = await createApiToken(t, team.member, { scope: 'write' });
    const card = await callOk(t, viaToken(team.member, token), 'POST', `/api/projects/${team.projectId}/cards`, {
      title: 'Opened by CI',
    });
    await expect
      .poll(async () => {
        const page = await callOk<{ items: { verb: string; card_id: string | null }[] }>(
          t,
          team.owner,
          'GET',
          `/api/projects/${team.projectId}/activity?card_id=${card.id}`,
        );
        return page.items;
      })
      .toEqual([
        expect.objectContaining({
          verb: 'card.created',
          actor: { user_id: team.member.id, name: 'Mia Member' },
          via: 'token',
        }),
      ]);
    const byApp = await callOk(t, team.member, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'By hand' });
    await expect
      .poll(async () => {
        const page = await callOk<{ items: Record<string, unknown>[] }>(
          t,
          team.owner,
          'GET',
          `/api/projects/${team.projectId}/activity?card_id=${byApp.id}`,
        );
        return page.items[0];
      })
      .toEqual(expect.not.objectContaining({ via: expect.anything() }));
  });

  it('can never manage tokens or webhooks, nor its owner’s sign-in (403), even with write scope', async () => {
    const { token, id } = await createApiToken(t, team.owner, { scope: 'write' });
    for (const [method, path, body] of [
      ['GET', '/api/tokens', undefined],
      ['POST', '/api/tokens', { name: 'Child', scope: 'write' }],
      ['DELETE', `/api/tokens/${id}`, undefined],
      ['GET', `/api/projects/${team.projectId}/webhooks`, undefined],
      ['POST', `/api/projects/${team.projectId}/webhooks`, { url: 'https://example.com/hook', events: ['*'] }],
      ['POST', '/api/auth/logout', undefined],
      ['POST', '/api/auth/verification-mail', undefined],
      // The same routes spelled otherwise: the check follows the route, not the URL's text.
      ['GET', '/api//tokens', undefined],
      ['POST', '/api/%74okens', { name: 'Child', scope: 'write' }],
      ['DELETE', `/api//tokens/${id}`, undefined],
      ['POST', `/api/projects/${team.projectId}/%77ebhooks`, { url: 'https://example.com/hook', events: ['*'] }],
      ['POST', '/api//auth/logout', undefined],
    ] as const) {
      const res = await t.request(method, path, { token, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'tokens/session-required' } });
    }
    expect((await callOk<ApiToken[]>(t, team.owner, 'GET', '/api/tokens')).map((token) => token.id)).toContain(id);
  });

  it('is refused on the live channel', async () => {
    const { token } = await createApiToken(t, team.member, { scope: 'read' });
    await expect(connectLive(t.url, token)).rejects.toThrow();
  });

  it('answers 401 when unknown, expired or revoked', async () => {
    const unknown = `dh_${'A'.repeat(40)}`;
    const expired = await createApiToken(t, team.member, { scope: 'read' });
    await t.database.db
      .update(apiTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiTokens.id, expired.id));
    const revoked = await createApiToken(t, team.member, { scope: 'read' });
    expect((await t.request('GET', '/api/projects', { token: revoked.token })).status).toBe(200);
    const deleted = await t.request('DELETE', `/api/tokens/${revoked.id}`, { token: team.member.token });
    expect(deleted.status).toBe(204);
    for (const token of [unknown, expired.token, revoked.token]) {
      const res = await t.request('GET', '/api/projects', { token });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({
        error: { code: 'auth/unauthenticated', message: 'The API token is invalid, expired or revoked' },
      });
    }
  });

  it('cannot be revoked by someone else', async () => {
    const { id } = await createApiToken(t, team.member, { scope: 'read' });
    const res = await t.request('DELETE', `/api/tokens/${id}`, { token: team.stranger.token });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: 'tokens/not-found' } });
    const bad = await t.request('DELETE', '/api/tokens/not-a-uuid', { token: team.member.token });
    expect(bad.status).toBe(400);
  });

  it('records its first use, then at most once a minute', async () => {
    const created = await createApiToken(t, team.member, { scope: 'read' });
    const lastUsed = async () =>
      (await callOk<ApiToken[]>(t, team.member, 'GET', '/api/tokens')).find((token) => token.id === created.id)
        ?.last_used_at;
    expect(await lastUsed()).toBeNull();
    await callOk(t, viaToken(team.member, created.token), 'GET', '/api/profile');
    const first = await lastUsed();
    expect(Date.now() - Date.parse(first ?? '')).toBeLessThan(10_000);
    await callOk(t, viaToken(team.member, created.token), 'GET', '/api/profile');
    expect(await lastUsed()).toBe(first);
    // A minute later (moved back by hand), the next use is recorded again.
    await t.database.db
      .update(apiTokens)
      .set({ lastUsedAt: new Date(Date.now() - 61_000) })
      .where(eq(apiTokens.id, created.id));
    await callOk(t, viaToken(team.member, created.token), 'GET', '/api/profile');
    expect(Date.now() - Date.parse((await lastUsed()) ?? '')).toBeLessThan(10_000);
  });
});

describe('two instances', () => {
  it('a token revoked on one is refused at once by the other', async () => {
    const other = await createTestApp({}, { shareWith: t });
    try {
      const { id, token } = await createApiToken(t, team.member, { scope: 'read' });
      expect((await other.request('GET', '/api/profile', { token })).status).toBe(200);
      expect((await t.request('DELETE', `/api/tokens/${id}`, { token: team.member.token })).status).toBe(204);
      expect((await other.request('GET', '/api/profile', { token })).status).toBe(401);
    } finally {
      await other.close();
    }
  });
});

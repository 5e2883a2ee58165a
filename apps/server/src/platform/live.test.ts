import net from 'node:net';
import { liveCloseCodes, liveMaxSocketsPerUser } from '@deckhand/contract/live';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { connectLive } from '../../test/support/live-client';
import { createTeam, type Team } from '../../test/support/projects';
import { createTestApp, type TestApp } from '../../test/support/test-app';
import { testTarget } from '../../test/support/test-database';

let t: TestApp;
let team: Team;
beforeAll(async () => {
  t = await createTestApp({}, { live: { pingIntervalMs: 200 } });
  team = await createTeam(t, 'Live');
});
afterAll(() => t.close());

describe('GET /updates', () => {
  it.each([
    ['no token', ''],
    ['a forged token', '?token=not.a.jwt'],
  ])('refuses %s with 401 before upgrading', async (_label, query) => {
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(`${t.url.replace('http', 'ws')}/updates${query}`);
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.once('open', () => reject(new Error('upgraded')));
    });
    expect(status).toBe(401);
  });

  it('delivers a change to every member and to no one else', async () => {
    const [owner, viewer, stranger] = await Promise.all([
      connectLive(t.url, team.owner.token),
      connectLive(t.url, team.viewer.token),
      connectLive(t.url, team.stranger.token),
    ]);
    await t.request('PATCH', `/api/projects/${team.projectId}`, { token: team.admin.token, body: { name: 'Renamed' } });
    const expected = { type: 'project_updated', project_id: team.projectId };
    expect(await owner.waitFor((m) => m.type === 'project_updated')).toEqual(expected);
    expect(await viewer.waitFor((m) => m.type === 'project_updated')).toEqual(expected);
    // A later event to the stranger proves the earlier one would have arrived by now.
    const own = await t.request<{ id: string }>('POST', '/api/projects', {
      token: team.stranger.token,
      body: { name: 'S' },
    });
    await t.request('PATCH', `/api/projects/${own.body.id}`, { token: team.stranger.token, body: { name: 'S2' } });
    await stranger.waitFor((m) => m.project_id === own.body.id);
    expect(stranger.messages.filter((m) => m.project_id === team.projectId)).toEqual([]);
    for (const c of [owner, viewer, stranger]) c.close();
  });

  it('stops sending a removed member that project’s events at once, after telling them', async () => {
    const local = await createTeam(t, 'Leaving');
    const member = await connectLive(t.url, local.member.token);
    await t.request('DELETE', `/api/projects/${local.projectId}/members/${local.member.id}`, {
      token: local.owner.token,
    });
    await member.waitFor((m) => m.type === 'member_removed');
    await t.request('PATCH', `/api/projects/${local.projectId}`, { token: local.owner.token, body: { name: 'After' } });
    const marker = await t.request<{ id: string }>('POST', '/api/projects', {
      token: local.member.token,
      body: { name: 'M' },
    });
    await t.request('PATCH', `/api/projects/${marker.body.id}`, { token: local.member.token, body: { name: 'M2' } });
    await member.waitFor((m) => m.project_id === marker.body.id);
    // Before it, they may still hear of what happened while they were a member (its activity, say).
    const removedAt = member.messages.findIndex((m) => m.type === 'member_removed');
    expect(removedAt).toBeGreaterThanOrEqual(0);
    expect(member.messages.slice(removedAt + 1).filter((m) => m.project_id === local.projectId)).toEqual([]);
    member.close();
  });

  it('tells admins, and only them, when pending invitations change', async () => {
    const local = await createTeam(t, 'Invites');
    const [admin, member] = await Promise.all([
      connectLive(t.url, local.admin.token),
      connectLive(t.url, local.member.token),
    ]);
    await t.request('POST', `/api/projects/${local.projectId}/members`, {
      token: local.owner.token,
      body: { email: `pending-${crypto.randomUUID()}@example.test`, role: 'member' },
    });
    expect(await admin.waitFor((m) => m.type === 'invitation_updated')).toEqual({
      type: 'invitation_updated',
      project_id: local.projectId,
    });
    // A later project event proves the member would have heard the invitation event by now.
    await t.request('PATCH', `/api/projects/${local.projectId}`, { token: local.owner.token, body: { name: 'I2' } });
    await member.waitFor((m) => m.type === 'project_updated');
    expect(member.messages.filter((m) => m.type === 'invitation_updated')).toEqual([]);
    admin.close();
    member.close();
  });

  it('ignores small messages from a client and hangs up on one over 4 KB', async () => {
    const live = await connectLive(t.url, team.member.token);
    live.socket.send('hello');
    live.socket.send('x'.repeat(5000));
    expect((await live.closed).code).toBe(1009);
  });

  it('keeps at most 20 sockets per person, closing the oldest with 4429', async () => {
    const person = await t.signUp();
    const sockets = [];
    for (let i = 0; i < liveMaxSocketsPerUser; i += 1) sockets.push(await connectLive(t.url, person.token));
    const newest = await connectLive(t.url, person.token);
    expect(await sockets[0]?.closed).toEqual({ code: liveCloseCodes.tooManySockets, reason: 'Too many open tabs' });
    expect(sockets.slice(1).map((s) => s.socket.readyState)).toEqual(sockets.slice(1).map(() => WebSocket.OPEN));
    expect(newest.socket.readyState).toBe(WebSocket.OPEN);
    for (const live of [...sockets, newest]) live.close();
  });

  it('drops a socket that stops answering pings', async () => {
    // A raw client that completes the handshake and then never answers a ping, like a vanished peer.
    const { port } = new URL(t.url);
    const raw = net.connect(Number(port), '127.0.0.1');
    raw.write(
      [
        `GET /updates?token=${team.member.token} HTTP/1.1`,
        `Host: 127.0.0.1:${port}`,
        'Upgrade: websocket',
        'Connection: Upgrade',
        `Sec-WebSocket-Key: ${Buffer.from('0123456789abcdef').toString('base64')}`,
        'Sec-WebSocket-Version: 13',
        '',
        '',
      ].join('\r\n'),
    );
    const firstChunk = await new Promise<string>((resolve) => raw.once('data', (d: Buffer) => resolve(d.toString())));
    expect(firstChunk).toMatch(/^HTTP\/1\.1 101/);
    await new Promise<void>((resolve) => raw.once('close', () => resolve()));
    expect(raw.destroyed).toBe(true);
  });
});

// Two instances on one database and one Redis: only in the PostgreSQL + Redis pass.
describe.each(testTarget().kind === 'postgres' ? ['Redis'] : [])('two instances through %s', () => {
  it('deliver each other’s events', async () => {
    const second = await createTestApp({}, { shareWith: t });
    try {
      const onSecond = await connectLive(second.url, team.viewer.token);
      await t.request('PATCH', `/api/projects/${team.projectId}`, {
        token: team.owner.token,
        body: { name: 'Across' },
      });
      expect(await onSecond.waitFor((m) => m.type === 'project_updated')).toEqual({
        type: 'project_updated',
        project_id: team.projectId,
      });
      onSecond.close();
    } finally {
      await second.close();
    }
  });
});

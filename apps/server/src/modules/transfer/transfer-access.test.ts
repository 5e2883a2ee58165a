import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { connectLive } from '../../../test/support/live-client';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { downloadExport, exportProject, importFile, waitExport } from '../../../test/support/transfer';
import { createExportLinks } from './service/export-links';
import { pruneTransfers } from './service/prune';

const dayMs = 24 * 60 * 60 * 1000;

describe('exports and imports: who, progress and removal', () => {
  let t: TestApp;
  let team: Team;

  beforeAll(async () => {
    t = await createTestApp();
    team = await createTeam(t, 'Access');
    await callOk(t, team.member, 'POST', `/api/projects/${team.projectId}/cards`, { title: 'Something to export' });
  });
  afterAll(() => t.close());

  async function storedKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of t.app.deps.storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  }

  it('lets admins and the owner export; members and viewers get 403, strangers 404', async () => {
    for (const who of ['member', 'viewer'] as const) {
      const res = await t.request('POST', `/api/projects/${team.projectId}/exports`, { token: team[who].token });
      expect(res.status, who).toBe(403);
      expect(res.body).toMatchObject({ error: { code: 'exports/forbidden' } });
      const list = await t.request('GET', `/api/projects/${team.projectId}/exports`, { token: team[who].token });
      expect(list.status, who).toBe(403);
    }
    const stranger = await t.request('POST', `/api/projects/${team.projectId}/exports`, { token: team.stranger.token });
    expect(stranger.status).toBe(404);
    expect(stranger.body).toMatchObject({ error: { code: 'projects/not-found' } });
    const anonymous = await t.request('POST', `/api/projects/${team.projectId}/exports`);
    expect(anonymous.status).toBe(401);

    const exported = await exportProject(t, team.admin, team.projectId);
    expect(exported).toMatchObject({
      status: 'done',
      size: expect.any(Number),
      url: expect.stringContaining('/content?'),
    });
    // The owner reads it too; a member, a viewer or a stranger is told it does not exist.
    expect((await t.request('GET', `/api/exports/${exported.id}`, { token: team.owner.token })).status).toBe(200);
    for (const who of ['member', 'viewer', 'stranger'] as const) {
      const res = await t.request('GET', `/api/exports/${exported.id}`, { token: team[who].token });
      expect(res.status, who).toBe(404);
      expect(res.body).toMatchObject({ error: { code: 'exports/not-found' } });
    }
    const list = await callOk<{ items: { id: string }[] }>(
      t,
      team.owner,
      'GET',
      `/api/projects/${team.projectId}/exports`,
    );
    expect(list.items.map((item) => item.id)).toContain(exported.id);
    const bad = await t.request('GET', `/api/exports/not-an-id`, { token: team.owner.token });
    expect(bad.status).toBe(400);
  });

  it('serves the zip through its signed link only, for 24 hours', async () => {
    const exported = await exportProject(t, team.owner, team.projectId);
    const url = new URL(exported.url as string);
    const zip = await downloadExport(t, exported);
    expect(zip.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
    const res = await fetch(new URL(url.pathname + url.search, t.url));
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="access-\d{4}-\d{2}-\d{2}\.zip"$/);
    const expires = Number(url.searchParams.get('expires'));
    expect(expires * 1000 - Date.now()).toBeLessThanOrEqual(24 * 60 * 60 * 1000);
    expect(expires * 1000 - Date.now()).toBeGreaterThan(23 * 60 * 60 * 1000);

    url.searchParams.set('signature', `${'A'.repeat(42)}B`);
    const forged = await fetch(new URL(url.pathname + url.search, t.url));
    expect(forged.status).toBe(403);
    expect(await forged.json()).toMatchObject({ error: { code: 'exports/invalid-link' } });
    // A link signed with the instance's key but past its time.
    const links = createExportLinks(Buffer.alloc(32), t.url);
    expect(() => links.verify(exported.id, Math.floor(Date.now() / 1000) - 1, 'x')).toThrow();
    const old = new URL(links.url(exported.id, new Date(Date.now() - 25 * 60 * 60 * 1000)));
    expect(() =>
      links.verify(exported.id, Number(old.searchParams.get('expires')), old.searchParams.get('signature') as string),
    ).toThrow(/expired/);
  });

  it('tells the requester how an export and an import go, live', async () => {
    const live = await connectLive(t.url, team.owner.token);
    try {
      const queued = await callOk<{ id: string; status: string }>(
        t,
        team.owner,
        'POST',
        `/api/projects/${team.projectId}/exports`,
      );
      expect(queued.status).toBe('queued');
      // Asked again while it waits: the same export.
      const again = await callOk<{ id: string }>(t, team.owner, 'POST', `/api/projects/${team.projectId}/exports`);
      expect(again.id).toBe(queued.id);
      await live.waitFor((m) => m.type === 'export_updated' && m.export_id === queued.id && m.status === 'running');
      const done = await live.waitFor(
        (m) => m.type === 'export_updated' && m.export_id === queued.id && m.status === 'done',
        30_000,
      );
      expect(done).toEqual({
        type: 'export_updated',
        project_id: team.projectId,
        export_id: queued.id,
        status: 'done',
        progress: 1,
      });
      const zip = await downloadExport(t, await waitExport(t, team.owner, queued.id));
      const imported = await importFile(t, team.owner, { bytes: zip, name: 'access.zip' }, 'Access copy');
      expect(imported).toMatchObject({ status: 'done', kind: 'deckhand' });
      await live.waitFor((m) => m.type === 'import_updated' && m.import_id === imported.id && m.status === 'running');
      await live.waitFor((m) => m.type === 'import_updated' && m.import_id === imported.id && m.status === 'done');
      await live.waitFor((m) => m.type === 'member_added' && m.project_id === imported.project_id);
      const projects = await callOk<{ id: string; name: string; role: string }[]>(
        t,
        team.owner,
        'GET',
        '/api/projects',
      );
      expect(projects.find((p) => p.id === imported.project_id)).toMatchObject({ name: 'Access copy', role: 'owner' });
    } finally {
      live.close();
    }
  });

  it('shows an import to its importer only', async () => {
    const zip = await downloadExport(t, await exportProject(t, team.owner, team.projectId));
    const imported = await importFile(t, team.admin, { bytes: zip, name: 'mine.zip' });
    expect((await t.request('GET', `/api/imports/${imported.id}`, { token: team.admin.token })).status).toBe(200);
    const theirs = await t.request('GET', `/api/imports/${imported.id}`, { token: team.owner.token });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ error: { code: 'imports/not-found' } });
    const ownerList = await callOk<{ items: { id: string }[] }>(t, team.owner, 'GET', '/api/imports');
    expect(ownerList.items.map((item) => item.id)).not.toContain(imported.id);
    const adminList = await callOk<{ items: { id: string }[] }>(t, team.admin, 'GET', '/api/imports');
    expect(adminList.items.map((item) => item.id)).toContain(imported.id);
    // The importer owns the new project; the file's owner, who has an account here, is an admin in it.
    const members = await callOk<{ members: { user_id: string; role: string }[] }>(
      t,
      team.admin,
      'GET',
      `/api/projects/${imported.project_id}/members`,
    );
    expect(members.members.find((m) => m.user_id === team.admin.id)?.role).toBe('owner');
    expect(members.members.find((m) => m.user_id === team.owner.id)?.role).toBe('admin');
    expect(members.members.find((m) => m.user_id === team.viewer.id)?.role).toBe('viewer');
  });

  it('removes exports and imports after 7 days with their stored zips, and zips whose export is gone', async () => {
    const other = await callOk(t, team.owner, 'POST', '/api/projects', { name: 'Short-lived' });
    const kept = await exportProject(t, team.owner, team.projectId);
    const orphaned = await exportProject(t, team.owner, other.id);
    await callOk(t, team.owner, 'DELETE', `/api/projects/${other.id}`);
    expect(await storedKeys(`exports/${orphaned.id}`)).toHaveLength(1);

    const { db, storage } = t.app.deps;
    // Six days on, only the zip without an export goes (it is over an hour old by then).
    await pruneTransfers(db, storage, new Date(Date.now() + 6 * dayMs));
    expect(await storedKeys(`exports/${orphaned.id}`)).toEqual([]);
    expect((await t.request('GET', `/api/exports/${kept.id}`, { token: team.owner.token })).status).toBe(200);
    expect(await storedKeys(`exports/${kept.id}`)).toHaveLength(1);

    const removed = await pruneTransfers(db, storage, new Date(Date.now() + 7 * dayMs + 60_000));
    expect(removed.exports).toBeGreaterThan(0);
    expect(removed.imports).toBeGreaterThan(0);
    expect((await t.request('GET', `/api/exports/${kept.id}`, { token: team.owner.token })).status).toBe(404);
    expect(await storedKeys('exports/')).toEqual([]);
    expect(await callOk(t, team.admin, 'GET', '/api/imports')).toEqual({ items: [] });
  });
});

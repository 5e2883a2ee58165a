import type { ExportMember } from '@deckhand/contract/transfer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../test/support/api-call';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp, type TestUser } from '../../../test/support/test-app';
import { downloadExport, exportProject, importFile, jsonOf, unzip } from '../../../test/support/transfer';
import { seedProject } from '../../../test/support/transfer-seed';
import { makeZip } from '../../../test/support/zips';

/**
 * An export taken to an instance where one of its people has no account: the others are matched by email and
 * keep what they wrote; the missing one is named in the warnings, and what they wrote keeps their name.
 */
describe('an import whose file names someone without an account here', () => {
  let t: TestApp;
  let team: Team;
  let importer: TestUser;
  let projectId: string;
  let warnings: string[];

  beforeAll(async () => {
    t = await createTestApp();
    team = await createTeam(t, 'People');
    await seedProject(t, team);
    const entries = await unzip(await downloadExport(t, await exportProject(t, team.owner, team.projectId)));
    // Adam Admin's address is unknown here; a stranger imports, so the file's owner becomes an admin.
    const members = jsonOf<ExportMember[]>(entries, 'members.json').map((member) =>
      member.user_id === team.admin.id ? { ...member, email: 'adam@elsewhere.example' } : member,
    );
    entries.set('members.json', Buffer.from(JSON.stringify(members)));
    importer = team.stranger;
    const imported = await importFile(
      t,
      importer,
      { bytes: await makeZip([...entries].map(([name, data]) => ({ name, data }))), name: 'people.zip' },
      'People, moved',
    );
    expect(imported.status).toBe('done');
    projectId = imported.project_id as string;
    warnings = imported.warnings;
  }, 60_000);
  afterAll(() => t.close());

  it('adds the people it knows with their role, the importer as the owner', async () => {
    const { members } = await callOk<{ members: { user_id: string; role: string }[] }>(
      t,
      importer,
      'GET',
      `/api/projects/${projectId}/members`,
    );
    expect(Object.fromEntries(members.map((m) => [m.user_id, m.role]))).toEqual({
      [importer.id]: 'owner',
      [team.owner.id]: 'admin',
      [team.member.id]: 'member',
      [team.viewer.id]: 'viewer',
    });
  });

  it('names the missing person, and what was left out for them, in the warnings', () => {
    expect(warnings).toEqual(
      expect.arrayContaining([
        'Adam Admin (adam@elsewhere.example) has no account here and was not added: what they wrote keeps their name.',
        expect.stringMatching(/^1 reaction by people without an account here was left out\.$/),
        expect.stringMatching(/^1 assignment of people without an account here was left out\.$/),
      ]),
    );
  });

  it('keeps their name on what they wrote', async () => {
    const cards = await callOk<{ items: { id: string; title: string }[] }>(
      t,
      importer,
      'GET',
      `/api/projects/${projectId}/cards`,
    );
    const card = cards.items.find((c) => c.title === 'Launch plan');
    const chats = await callOk<{ id: string; name: string; created_by: { user_id: string | null; name: string } }[]>(
      t,
      importer,
      'GET',
      `/api/cards/${card?.id}/chats`,
    );
    const design = chats.find((chat) => chat.name === 'Design');
    expect(design?.created_by).toEqual({ user_id: null, name: 'Adam Admin' });
    const general = chats.find((chat) => chat.name === 'General');
    const messages = await callOk<
      { text: string; author: { user_id: string | null }; reactions: { emoji: string; user_ids: string[] }[] }[]
    >(t, importer, 'GET', `/api/chats/${general?.id}/messages`);
    expect(messages.map((m) => m.text)).toEqual(['@Adam Admin can you look?', 'Originally by Adam Admin\n\nOn it.']);
    expect(messages[1]?.author.user_id).toBe(importer.id);
    // Mia's mention of Adam has no one to point at here; Olive's and Mia's reactions stay, Adam's goes.
    expect(messages[0]?.reactions).toEqual([
      { emoji: '👍', count: 1, user_ids: [team.member.id] },
      { emoji: '🎉', count: 1, user_ids: [team.owner.id] },
    ]);
    const tasks = await callOk<{ title: string; assignee_ids: string[] }[]>(
      t,
      importer,
      'GET',
      `/api/cards/${card?.id}/tasks`,
    );
    expect(tasks.find((task) => task.title === 'Draft the announcement')?.assignee_ids).toEqual([team.member.id]);
  });
});

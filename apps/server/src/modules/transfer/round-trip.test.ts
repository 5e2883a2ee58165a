import type { ExportManifest, ExportMember } from '@deckhand/contract/transfer';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callOk } from '../../../test/support/api-call';
import { createTeam, type Team } from '../../../test/support/projects';
import { startS3Server } from '../../../test/support/s3-server';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { downloadExport, exportProject, importFile, jsonOf, unzip } from '../../../test/support/transfer';
import { type SeededProject, seedProject } from '../../../test/support/transfer-seed';
import { selectRows } from '../../db/rows';
import { bodyJsonFromState } from './bodies/body-convert';

const uuid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const jsonFiles = [
  'project.json',
  'members.json',
  'statuses.json',
  'cards.json',
  'chats.json',
  'messages.json',
  'tasks.json',
  'files.json',
  'activity.json',
];

/**
 * An export's content with its ids replaced by names that do not depend on the ids: people by their email,
 * everything else by the order in which it first appears. Two exports of equal projects are then equal, whatever
 * ids the import gave. Order keys are the server's own (remade on import); bodies compare as rich text.
 */
function normalised(entries: Map<string, Buffer>): Record<string, unknown> {
  const labels = new Map<string, string>();
  for (const member of jsonOf<ExportMember[]>(entries, 'members.json')) labels.set(member.user_id, member.email);
  const label = (text: string) =>
    text.replace(uuid, (id) => {
      if (!labels.has(id)) labels.set(id, `#${labels.size}`);
      return labels.get(id) as string;
    });
  const walk = (value: unknown): unknown => {
    if (typeof value === 'string') return label(value);
    if (Array.isArray(value)) return value.map(walk);
    if (value && typeof value === 'object') {
      const out: Record<string, unknown> = {};
      for (const [key, field] of Object.entries(value)) {
        if (key === 'position') continue;
        if (key === 'body_yjs') {
          out.body = field ? walk(bodyJsonFromState(new Uint8Array(Buffer.from(field as string, 'base64')))) : null;
          continue;
        }
        out[key] = walk(field);
      }
      return out;
    }
    return value;
  };
  const content: Record<string, unknown> = {};
  for (const name of jsonFiles) content[name] = walk(jsonOf(entries, name));
  return content;
}

interface StorageUnderTest {
  env: Record<string, string>;
  close(): Promise<void>;
}

const localDisk = async (): Promise<StorageUnderTest> => ({ env: {}, close: async () => {} });

describe.each([
  ['the local disk', localDisk],
  ['S3', startS3Server],
])('export and import on %s: the round trip', (_label, startStorage) => {
  let storage: StorageUnderTest;
  let t: TestApp;
  let team: Team;
  let seeded: SeededProject;
  let first: Map<string, Buffer>;

  beforeAll(async () => {
    storage = await startStorage();
    t = await createTestApp(storage.env);
    team = await createTeam(t, 'Round trip');
    seeded = await seedProject(t, team);
    const exported = await exportProject(t, team.owner, team.projectId);
    expect(exported).toMatchObject({ status: 'done', progress: 1, error: null, project_id: team.projectId });
    first = await unzip(await downloadExport(t, exported));
  }, 60_000);
  afterAll(async () => {
    await t.close();
    await storage.close();
  });

  it('writes a manifest that counts what the zip holds', () => {
    const manifest = jsonOf<ExportManifest>(first, 'manifest.json');
    expect(manifest).toEqual({
      format: 'deckhand-export',
      version: 1,
      exported_at: expect.any(String),
      project: { id: team.projectId, name: 'Round trip' },
      counts: {
        members: 4,
        statuses: 4,
        cards: 2,
        chats: 3,
        messages: 3,
        tasks: 5,
        files: 2,
        activity: expect.any(Number),
      },
    });
    expect(manifest.counts.activity).toBeGreaterThan(10);
    for (const name of jsonFiles) {
      const value = jsonOf<unknown>(first, name);
      if (Array.isArray(value)) {
        const kind = name.replace('.json', '') as keyof ExportManifest['counts'];
        expect(value, name).toHaveLength(manifest.counts[kind]);
      }
    }
  });

  it('holds the files byte for byte, and the body as Yjs state and Markdown', () => {
    const files = jsonOf<{ id: string; name: string; path: string }[]>(first, 'files.json');
    const image = files.find((file) => file.name === 'diagram.png');
    const csv = files.find((file) => file.name === 'scores.csv');
    expect(image && first.get(image.path)?.equals(seeded.imageBytes)).toBe(true);
    expect(csv && first.get(csv.path)?.equals(seeded.attachmentBytes)).toBe(true);
    const cards = jsonOf<{ title: string; body_markdown: string; body_yjs: string | null }[]>(first, 'cards.json');
    const card = cards.find((c) => c.title === 'Launch plan');
    expect(card?.body_markdown).toContain('## Goals');
    expect(card?.body_markdown).toContain('Ship it **boldly**');
    expect(card?.body_markdown).toContain('- [x] Write the release notes');
    expect(card?.body_markdown).toContain(seeded.imageId);
  });

  it('imports into a new project that exports again to the same content', async () => {
    const exported = await exportProject(t, team.owner, team.projectId);
    const bytes = await downloadExport(t, exported);
    const imported = await importFile(t, team.owner, { bytes, name: 'round-trip.zip' });
    expect(imported).toMatchObject({
      kind: 'deckhand',
      status: 'done',
      progress: 1,
      error: null,
      warnings: [],
      counts: { statuses: 4, cards: 2, chats: 3, messages: 3, tasks: 5, files: 2 },
    });
    const projectId = imported.project_id as string;
    expect(projectId).not.toBe(team.projectId);
    const again = await unzip(await downloadExport(t, await exportProject(t, team.owner, projectId)));
    expect(jsonOf<ExportManifest>(again, 'manifest.json').counts).toEqual(
      jsonOf<ExportManifest>(first, 'manifest.json').counts,
    );
    expect(normalised(again)).toEqual(normalised(first));

    // The new project is a working one: its members see it, its board and files answer.
    const projects = await callOk<{ id: string; role: string }[]>(t, team.admin, 'GET', '/api/projects');
    expect(projects.find((project) => project.id === projectId)?.role).toBe('admin');
    const board = await callOk<{ tasks: { id: string; title: string }[] }>(
      t,
      team.owner,
      'GET',
      `/api/projects/${projectId}/board`,
    );
    // Columns in their order (Review was added after Done), tasks in theirs; an archived card's are off the board.
    expect(board.tasks.map((task) => task.title)).toEqual([
      'Pick a date',
      'Draft the announcement',
      'Book the room',
      'Review the copy',
    ]);

    // An open, assigned task due ahead gets its reminders, as a task created here would.
    const draft = board.tasks.find((task) => task.title === 'Draft the announcement');
    const queued = async () =>
      selectRows(
        t.app.deps.db,
        z.object({ n: z.number() }),
        sql`select count(*)::int as n from pgboss.job where name = 'task-reminders' and data->>'task_id' = ${draft?.id}`,
      );
    await expect.poll(queued, { timeout: 5000 }).toEqual([{ n: 2 }]);
  }, 60_000);
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTeam, type Team } from '../../../test/support/projects';
import { createTestApp, type TestApp } from '../../../test/support/test-app';
import { downloadExport, exportProject, importFile, jsonOf, postImport, unzip } from '../../../test/support/transfer';
import { seedProject } from '../../../test/support/transfer-seed';
import { makeZip, renameEntry } from '../../../test/support/zips';

/** Small, so refusals by size are cheap. */
const importMaxBytes = 256 * 1024;

describe('imports refused', () => {
  let t: TestApp;
  let team: Team;
  /** A real export, taken apart so each test can break one thing in it. */
  let entries: Map<string, Buffer>;

  beforeAll(async () => {
    t = await createTestApp({ IMPORT_MAX_BYTES: String(importMaxBytes) });
    team = await createTeam(t, 'Source');
    await seedProject(t, team);
    entries = await unzip(await downloadExport(t, await exportProject(t, team.owner, team.projectId)));
  }, 60_000);
  afterAll(() => t.close());

  /** The export with some files replaced (or removed, for undefined). */
  function exportWith(changes: Record<string, unknown | undefined>): Promise<Buffer> {
    const files = new Map(entries);
    for (const [name, value] of Object.entries(changes)) {
      if (value === undefined) files.delete(name);
      else files.set(name, Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)));
    }
    return makeZip([...files].map(([name, data]) => ({ name, data })));
  }

  async function storedKeys(prefix: string): Promise<string[]> {
    const keys: string[] = [];
    for await (const object of t.app.deps.storage.list(prefix)) keys.push(object.key);
    return keys.sort();
  }

  async function projectNames(): Promise<string[]> {
    const { projects } = await import('../../db/schema/projects');
    return (await t.app.deps.db.select({ name: projects.name }).from(projects)).map((row) => row.name).sort();
  }

  /** Imports `bytes` and expects it refused with `error` matching, leaving no project and no stored object. */
  async function expectRefused(bytes: Buffer, error: RegExp, name = 'broken.zip'): Promise<void> {
    const projectsBefore = await projectNames();
    const uploadsBefore = await storedKeys('uploads/');
    const result = await importFile(t, team.owner, { bytes, name });
    expect(result).toMatchObject({ status: 'failed', project_id: null });
    expect(result.error).toMatch(error);
    expect(await projectNames()).toEqual(projectsBefore);
    expect(await storedKeys('imports/')).toEqual([]);
    // A file stored before the refusal goes with the rolled-back project (the durable remover, after the commit).
    await expect.poll(() => storedKeys('uploads/'), { timeout: 5000 }).toEqual(uploadsBefore);
  }

  it('answers 415 at once for a file that is neither a zip nor JSON, keeping nothing', async () => {
    const res = await postImport(t, team.owner, { bytes: Buffer.from('just some notes'), name: 'notes.txt' });
    expect(res.status).toBe(415);
    expect(res.body).toEqual({
      error: { code: 'imports/unsupported-file', message: expect.stringMatching(/neither/) },
    });
    expect(await storedKeys('imports/')).toEqual([]);
  });

  it('answers 413 for a file over IMPORT_MAX_BYTES, keeping nothing of it', async () => {
    const res = await postImport(t, team.owner, { bytes: Buffer.alloc(importMaxBytes + 1, 1), name: 'big.zip' });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ error: { code: 'imports/too-large' } });
    expect(await storedKeys('imports/')).toEqual([]);
  });

  it('answers 400 without a file part, and 401 without a session', async () => {
    const form = new FormData();
    form.append('name', 'Only a name');
    const res = await fetch(`${t.url}/api/imports`, {
      method: 'POST',
      headers: { authorization: `Bearer ${team.owner.token}` },
      body: form,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'imports/missing-file' } });
    const anonymous = await fetch(`${t.url}/api/imports`, { method: 'POST', body: new FormData() });
    expect(anonymous.status).toBe(401);
  });

  it('refuses a zip that is not an export, and malformed JSON', async () => {
    await expectRefused(await makeZip([{ name: 'readme.txt', data: 'hello' }]), /no manifest\.json/);
    await expectRefused(
      await exportWith({ 'manifest.json': '{"format": "deckhand-export", "version": 1,' }),
      /manifest\.json is not valid JSON/,
    );
    await expectRefused(await exportWith({ 'cards.json': '[\n{"id": \n]' }), /cards\.json is not valid JSON/);
    await expectRefused(Buffer.from('{"not": "a board"'), /not valid JSON/, 'board.json');
    await expectRefused(Buffer.from('{"name": "Board", "cards": []}'), /not a Trello board export/, 'board.json');
  });

  it('refuses another format and a newer version', async () => {
    const manifest = jsonOf<Record<string, unknown>>(entries, 'manifest.json');
    await expectRefused(
      await exportWith({ 'manifest.json': { ...manifest, format: 'planka' } }),
      /not describe a Deckhand export/,
    );
    await expectRefused(
      await exportWith({ 'manifest.json': { ...manifest, version: 2 } }),
      /version 2, newer than this server reads/,
    );
  });

  it('refuses entry names that escape their folder, are absolute or repeat, before unpacking anything', async () => {
    const zip = await exportWith({ 'xx/evil.txt': 'x' });
    await expectRefused(renameEntry(zip, 'xx/evil.txt', '../evil.txt'), /escapes its folder/);
    await expectRefused(renameEntry(zip, 'xx/evil.txt', '/xxevil.txt'), /absolute path/);
    const twice = await exportWith({ 'tasks.jsoN': '[]' });
    await expectRefused(renameEntry(twice, 'tasks.jsoN', 'tasks.json'), /“tasks\.json” twice/);
  });

  it('refuses a zip bomb: an entry compressed more than 200:1, or entries unpacking to 10 × the limit', async () => {
    await expectRefused(
      await exportWith({ 'padding.bin': Buffer.alloc(4 * 1024 * 1024) }),
      /compressed more than 200:1/,
    );
    // Each entry under 200:1, yet together more than 10 × IMPORT_MAX_BYTES.
    const chunk = Buffer.alloc(512 * 1024);
    for (let i = 0; i < chunk.length; i += 64) chunk[i] = (i * 7919) % 251;
    const many = Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`padding-${i}.bin`, chunk]));
    const bomb = await exportWith(many);
    expect(bomb.length).toBeLessThan(importMaxBytes);
    await expectRefused(bomb, /unpack to far more than it holds/);
  });

  it('refuses a reference to something the file does not hold, removing what it had written', async () => {
    const tasks = jsonOf<{ status_id: string }[]>(entries, 'tasks.json');
    const dangling = tasks.map((task, i) =>
      i === tasks.length - 1 ? { ...task, status_id: '0190f0e4-9a7e-7000-8000-000000000000' } : task,
    );
    // Tasks come after files: the files stored by then go too.
    await expectRefused(
      await exportWith({ 'tasks.json': dangling }),
      /tasks\.json: the task “.+” belongs to a card or column the file does not hold/,
    );
    const messages = jsonOf<{ chat_id: string }[]>(entries, 'messages.json');
    await expectRefused(
      await exportWith({
        'messages.json': messages.map((m) => ({ ...m, chat_id: '0190f0e4-9a7e-7000-8000-000000000000' })),
      }),
      /messages\.json: the message .+ belongs to a chat the file does not hold/,
    );
    const files = jsonOf<{ path: string }[]>(entries, 'files.json');
    await expectRefused(
      await exportWith({ [files[0]?.path ?? '']: undefined }),
      /files\.json names files\/.+, which the zip does not hold/,
    );
  });

  it('refuses invalid fields with the file, element and field named', async () => {
    const statuses = jsonOf<{ color: string }[]>(entries, 'statuses.json');
    await expectRefused(
      await exportWith({ 'statuses.json': statuses.map((s, i) => (i === 1 ? { ...s, color: 'red' } : s)) }),
      /statuses\.json, element 2, is not valid \(color: /,
    );
  });
});

import { randomBytes } from 'node:crypto';
import { type Readable, Transform } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callOk } from '../../../../test/support/api-call';
import { createTestApp, type TestApp, type TestUser } from '../../../../test/support/test-app';
import { jsonOf, unzip } from '../../../../test/support/transfer';
import { uploadOk } from '../../../../test/support/uploads';
import type { ObjectStorage } from '../../../platform/storage/storage';
import { trackProgress } from '../service/progress';
import { writeExportZip } from './write-zip';

/**
 * A store that takes its writes slowly, as a busy disk or a distant bucket does: the zip then waits on its
 * output while the next file's bytes are already being read. (The real store underneath keeps the bytes.)
 */
function slowToWrite(storage: ObjectStorage): ObjectStorage {
  return {
    ...storage,
    put(key: string, body: Readable, options?: { contentType?: string }) {
      const slow = new Transform({
        highWaterMark: 1024,
        transform(chunk: Buffer, _encoding, callback) {
          setTimeout(() => callback(null, chunk), 2);
        },
      });
      body.on('error', (err) => slow.destroy(err));
      return storage.put(key, body.pipe(slow), options);
    },
  };
}

describe('the export zip', () => {
  let t: TestApp;
  let owner: TestUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await t.signUp({ name: 'Ola Owner' });
  });
  afterAll(() => t.close());

  it('carries every byte of one file after another while its output waits', async () => {
    const project = await callOk(t, owner, 'POST', '/api/projects', { name: 'Big files' });
    const files = [0, 1, 2].map((i) => ({ name: `scan-${i}.bin`, bytes: randomBytes((2 + i) * 1024 * 1024) }));
    for (const file of files) await uploadOk(t, owner, project.id, file);
    const { db, storage } = t.app.deps;
    const progress = trackProgress(1, async () => {});
    const size = await writeExportZip({
      db,
      storage: slowToWrite(storage),
      projectId: project.id,
      key: 'exports/slow-test.zip',
      progress,
    });
    await progress.stop();
    const stored = await storage.get('exports/slow-test.zip');
    if (!stored) throw new Error('no zip stored');
    const chunks: Buffer[] = [];
    for await (const chunk of stored.body) chunks.push(chunk as Buffer);
    const zip = Buffer.concat(chunks);
    expect(zip.length).toBe(size);
    const entries = await unzip(zip);
    const listed = jsonOf<{ name: string; path: string }[]>(entries, 'files.json');
    for (const file of files) {
      const path = listed.find((entry) => entry.name === file.name)?.path ?? '';
      expect(entries.get(path)?.equals(file.bytes), file.name).toBe(true);
    }
  }, 60_000);
});

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../test/support/test-database';
import { openDatabase } from './client';
import { unpackPgliteTemplate } from './pglite-template';

// Embedded only (vitest.config.ts): what a first start on PGlite unpacks instead of running initdb.
let root: string;
let template: URL;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-template-'));
  // Made as apps/server/build.mjs makes it.
  const pglite = await PGlite.create();
  const dump = await pglite.dumpDataDir('gzip');
  await pglite.close();
  const file = path.join(root, 'pglite-template.tar.gz');
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  template = pathToFileURL(file);
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

async function listing(dir: string): Promise<string[]> {
  return (await fs.readdir(dir)).sort();
}

describe('the embedded database template', () => {
  it('is unpacked into an empty data folder, which then opens as a database; nothing once it holds one', async () => {
    const dataDir = path.join(root, 'db');
    await fs.mkdir(dataDir);
    expect(await unpackPgliteTemplate(dataDir, template)).toBe(true);
    expect(await listing(dataDir)).toContain('PG_VERSION');
    expect((await fs.stat(dataDir)).mode & 0o777).toBe(0o700);
    expect(await listing(root)).not.toContain('db.unpacking');

    const database = await openDatabase({ kind: 'pglite', dataDir, migrationsDir });
    try {
      expect(await database.migrate()).toBeGreaterThan(0);
      expect(await database.db.execute(sql`select count(*)::int as n from users`)).toMatchObject({ rows: [{ n: 0 }] });
    } finally {
      await database.close();
    }
    expect(await unpackPgliteTemplate(dataDir, template)).toBe(false);
    // The data stayed in the folder: opened again, it has its tables.
    const again = await openDatabase({ kind: 'pglite', dataDir, migrationsDir });
    try {
      expect(await again.migrate()).toBe(0);
    } finally {
      await again.close();
    }
  });

  it('is not there when running the sources: initdb runs as before', async () => {
    expect(await unpackPgliteTemplate(path.join(root, 'elsewhere'))).toBe(false);
    expect(await listing(root)).not.toContain('elsewhere');
  });

  it('leaves nothing behind when the template is damaged, and says so', async () => {
    const whole = await fs.readFile(template);
    const damaged = path.join(root, 'damaged.tar.gz');
    // A whole gzip stream of a tar cut in the middle of an entry.
    await fs.writeFile(damaged, gzipSync(gunzipSync(whole).subarray(0, 100_000)));
    const dataDir = path.join(root, 'damaged-db');
    await expect(unpackPgliteTemplate(dataDir, pathToFileURL(damaged))).rejects.toThrow(
      /template could not be unpacked: the archive ends in the middle of an entry/,
    );
    expect(await listing(root)).not.toContain('damaged-db');
    expect(await listing(root)).not.toContain('damaged-db.unpacking');
  });

  it('does not replace a folder that holds files but no database', async () => {
    const dataDir = path.join(root, 'other-files');
    await fs.mkdir(dataDir);
    await fs.writeFile(path.join(dataDir, 'notes.txt'), 'mine');
    await expect(unpackPgliteTemplate(dataDir, template)).rejects.toThrow(/holds files but no database/);
    expect(await listing(dataDir)).toEqual(['notes.txt']);
    expect(await listing(root)).not.toContain('other-files.unpacking');
  });
});

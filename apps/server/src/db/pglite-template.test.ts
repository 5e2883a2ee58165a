import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../../test/support/test-database';
import { openDatabase } from './client';
import { pgliteTemplateFor } from './pglite-template';

// Embedded only (vitest.config.ts): what a first start on PGlite loads instead of running initdb.
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

describe('the embedded database template', () => {
  it('is what an empty data folder starts from, and nothing once the folder holds a database', async () => {
    const dataDir = path.join(root, 'db');
    const loaded = await pgliteTemplateFor(dataDir, template);
    expect(loaded).toBeInstanceOf(Blob);
    const database = await openDatabase({ kind: 'pglite', dataDir, migrationsDir, loadDataDir: loaded });
    try {
      expect(await database.migrate()).toBeGreaterThan(0);
      expect(await database.db.execute(sql`select count(*)::int as n from users`)).toMatchObject({ rows: [{ n: 0 }] });
    } finally {
      await database.close();
    }
    expect(await pgliteTemplateFor(dataDir, template)).toBeUndefined();
    // The data stayed in the folder: opened again, it has its tables without the template.
    const again = await openDatabase({ kind: 'pglite', dataDir, migrationsDir });
    try {
      expect(await again.migrate()).toBe(0);
    } finally {
      await again.close();
    }
  });

  it('is not there when running the sources: initdb runs as before', async () => {
    expect(await pgliteTemplateFor(path.join(root, 'elsewhere'))).toBeUndefined();
  });
});

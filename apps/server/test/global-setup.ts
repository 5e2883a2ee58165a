import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrationsDir, postgresTarget, testTarget } from './support/test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** PGlite: a migrated data dir dumped to a file. PostgreSQL: a migrated template database name. */
    databaseTemplate: string;
  }
}

/**
 * Migrates once, then every test file starts from a copy: PGlite loads a dumped data dir (initdb
 * takes seconds, loading a dump does not); PostgreSQL creates a database from a template.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const target = testTarget();
  if (target.kind === 'postgres') {
    const { admin, templateName, urlFor } = postgresTarget(target.url, `deckhand_tpl_${process.pid}`);
    await admin(`DROP DATABASE IF EXISTS ${templateName}`);
    await admin(`CREATE DATABASE ${templateName}`);
    const database = await openDatabase({ kind: 'postgres', url: urlFor(templateName), migrationsDir });
    await database.migrate();
    await database.close();
    project.provide('databaseTemplate', templateName);
    return async () => {
      await admin(`DROP DATABASE IF EXISTS ${templateName} WITH (FORCE)`);
    };
  }
  const database = await openDatabase({ kind: 'pglite', dataDir: undefined, migrationsDir });
  await database.migrate();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-test-'));
  const dumpPath = path.join(dir, 'template.tar.gz');
  if (!database.dump) throw new Error('PGlite database cannot be dumped');
  const dump = await database.dump();
  await fs.writeFile(dumpPath, Buffer.from(await dump.arrayBuffer()));
  await database.close();
  project.provide('databaseTemplate', dumpPath);
  return async () => {
    await fs.rm(dir, { recursive: true, force: true });
  };
}

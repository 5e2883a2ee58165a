import fs from 'node:fs/promises';
import path from 'node:path';

/** The embedded database the build makes, migrated (apps/server/build.mjs), beside the bundle; not in src/. */
const builtTemplate = new URL('./pglite-template.tar.gz', import.meta.url);

/**
 * What a first start on `dataDir` loads instead of running initdb and the migrations: PGlite's initdb held the
 * server at 670–730 MB of RSS for its first seconds, where a start from this made-once copy peaked at 314 MB.
 * Undefined when the folder already holds a database, or when running the sources (initdb then runs as before).
 */
export async function pgliteTemplateFor(dataDir: string, template: URL = builtTemplate): Promise<Blob | undefined> {
  try {
    await fs.access(path.join(dataDir, 'PG_VERSION'));
    return undefined;
  } catch {
    // No database there yet.
  }
  try {
    return new Blob([await fs.readFile(template)]);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw err;
  }
}

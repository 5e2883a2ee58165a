import fs from 'node:fs/promises';
import path from 'node:path';

/** An empty embedded database the build makes (apps/server/build.mjs), beside the bundle; not there in src/. */
const builtTemplate = new URL('./pglite-template.tar.gz', import.meta.url);

/**
 * What a first start on `dataDir` loads instead of running initdb: PGlite's initdb held the server at 670–730 MB
 * of RSS for its first seconds, where loading this made-once copy of its result stays under 300. Undefined when
 * the folder already holds a database, or when running the sources (initdb then runs as before).
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

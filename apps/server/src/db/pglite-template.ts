import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { createGunzip } from 'node:zlib';
import { unpackTar } from './tar-unpack';

/** The embedded database the build makes, migrated (apps/server/build.mjs), beside the bundle; not in src/. */
const builtTemplate = new URL('./pglite-template.tar.gz', import.meta.url);

function isMissing(err: unknown): boolean {
  return (err as NodeJS.ErrnoException).code === 'ENOENT';
}

/**
 * What a first start on `dataDir` does instead of running initdb and the migrations: it unpacks the database the
 * build made into the folder, streamed, and PGlite then opens it as it opens any existing database. PGlite's initdb
 * held the server at 670–730 MB of RSS for its first seconds; PGlite's own loading of the same tarball (whole, in
 * its thread) left it at 270–340 MiB; a start from the unpacked folder peaks as a restart does (about 225 MiB).
 * Unpacked beside the folder and renamed into place, so a start cut short leaves no half-made database.
 * @returns whether it unpacked: false when the folder already holds a database, or when running the sources
 *   (no template; initdb then runs as before)
 */
export async function unpackPgliteTemplate(dataDir: string, template: URL = builtTemplate): Promise<boolean> {
  try {
    await fs.access(path.join(dataDir, 'PG_VERSION'));
    return false;
  } catch {
    // No database there yet.
  }
  const input = createReadStream(template);
  try {
    await new Promise((resolve, reject) => input.once('open', resolve).once('error', reject));
  } catch (err) {
    if (isMissing(err)) return false;
    throw err;
  }
  const present = await fs.readdir(dataDir).catch((err: unknown) => {
    if (isMissing(err)) return [];
    throw err;
  });
  if (present.length > 0) {
    input.destroy();
    throw new Error(
      `${dataDir} holds files but no database (no PG_VERSION): move them away, or set DATA_DIR to another folder`,
    );
  }
  const unpacking = `${dataDir}.unpacking`;
  await fs.rm(unpacking, { recursive: true, force: true });
  await fs.mkdir(unpacking, { recursive: true, mode: 0o700 });
  const tar = input.pipe(createGunzip());
  input.once('error', (err) => tar.destroy(err));
  try {
    await unpackTar(tar, unpacking);
  } catch (err) {
    input.destroy();
    await fs.rm(unpacking, { recursive: true, force: true });
    throw new Error(`the embedded database template could not be unpacked: ${(err as Error).message}`);
  }
  await fs.rm(dataDir, { recursive: true, force: true });
  await fs.rename(unpacking, dataDir);
  return true;
}

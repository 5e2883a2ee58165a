import type { Readable } from 'node:stream';
import { ZipFile } from 'yazl';

export interface ZipEntry {
  name: string;
  data: Buffer | string;
  /** Stored as is rather than deflated. */
  store?: boolean;
}

/** A zip made with yazl, in memory (tests' zips are small). */
export async function makeZip(entries: ZipEntry[]): Promise<Buffer> {
  const zip = new ZipFile();
  for (const entry of entries) {
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data) : entry.data;
    zip.addBuffer(data, entry.name, { compress: !entry.store });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as Readable) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Renames an entry everywhere the zip spells its name (local header and central directory), for names yazl
 * refuses to write: `../x`, `/etc/x`, a second entry of the same name. `to` must be as long as `from`.
 */
export function renameEntry(zip: Buffer, from: string, to: string): Buffer {
  if (from.length !== to.length) throw new Error('a renamed entry keeps its length');
  const out = Buffer.from(zip);
  const needle = Buffer.from(from);
  let at = out.indexOf(needle);
  if (at < 0) throw new Error(`${from} is not in the zip`);
  while (at >= 0) {
    Buffer.from(to).copy(out, at);
    at = out.indexOf(needle, at + 1);
  }
  return out;
}

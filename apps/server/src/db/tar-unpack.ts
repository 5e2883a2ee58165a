import fs from 'node:fs/promises';
import path from 'node:path';

/** Reads a byte stream in exact amounts, holding no more than the stream's current chunk. */
class ByteReader {
  private readonly source: AsyncIterator<Buffer>;
  private chunks: Buffer[] = [];
  private buffered = 0;

  constructor(source: AsyncIterable<Buffer>) {
    this.source = source[Symbol.asyncIterator]();
  }

  async atEnd(): Promise<boolean> {
    return this.buffered === 0 && !(await this.fill());
  }

  /** Between 1 and `max` bytes; throws at the end of the stream. */
  async some(max: number): Promise<Buffer> {
    if (this.buffered === 0 && !(await this.fill())) throw new Error('the archive ends in the middle of an entry');
    const first = this.chunks[0] as Buffer;
    if (first.length <= max) {
      this.chunks.shift();
      this.buffered -= first.length;
      return first;
    }
    this.chunks[0] = first.subarray(max);
    this.buffered -= max;
    return first.subarray(0, max);
  }

  async exactly(length: number): Promise<Buffer> {
    const parts: Buffer[] = [];
    for (let got = 0; got < length; ) {
      const part = await this.some(length - got);
      parts.push(part);
      got += part.length;
    }
    return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts, length);
  }

  private async fill(): Promise<boolean> {
    const next = await this.source.next();
    if (next.done) return false;
    this.chunks.push(next.value);
    this.buffered += next.value.length;
    return true;
  }
}

const block = 512;
const writeChunk = 64 * 1024;

type Entry = { name: string; kind: 'file' | 'folder'; size: number };

function text(header: Buffer, start: number, length: number): string {
  const field = header.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString('utf8');
}

function octal(header: Buffer, start: number, length: number, what: string): number {
  const digits = text(header, start, length).trim();
  if (!/^[0-7]+$/.test(digits)) throw new Error(`an entry's ${what} is not an octal number`);
  return Number.parseInt(digits, 8);
}

/** A POSIX ustar header of a file or a folder; anything else (links, devices, extensions) is refused. */
function parseHeader(header: Buffer): Entry {
  // The checksum adds every byte of the header with its own field read as spaces.
  let sum = 8 * 0x20;
  for (let i = 0; i < block; i += 1) if (i < 148 || i >= 156) sum += header[i] as number;
  if (sum !== octal(header, 148, 8, 'checksum')) throw new Error('an entry header is damaged (its checksum differs)');
  if (text(header, 257, 6) !== 'ustar') throw new Error('not a ustar archive');
  const prefix = text(header, 345, 155);
  const name = prefix ? `${prefix}/${text(header, 0, 100)}` : text(header, 0, 100);
  const type = String.fromCharCode(header[156] as number);
  if (type === '5') return { name, kind: 'folder', size: 0 };
  if (type === '0' || type === '\0') return { name, kind: 'file', size: octal(header, 124, 12, 'size') };
  throw new Error(`“${name}” is of a kind this reader does not unpack (type ${JSON.stringify(type)})`);
}

/** `name` inside `dir`; a name that would leave it is refused. */
function inside(dir: string, name: string): string {
  const relative = name.replace(/^\/+/, '');
  if (relative.split('/').includes('..')) throw new Error(`“${name}” would be written outside the folder`);
  return path.join(dir, relative);
}

/**
 * Unpacks an uncompressed tar stream of files and folders into `dir`, writing each file as its bytes arrive,
 * so an archive of any size takes no more memory than a chunk of it. Folders are made private (0700) and
 * files readable by their owner only (0600): this unpacks a database.
 */
export async function unpackTar(source: AsyncIterable<Buffer>, dir: string): Promise<void> {
  const reader = new ByteReader(source);
  // The archive ends with zero blocks, or (as some writers leave it) with the stream.
  while (!(await reader.atEnd())) {
    const header = await reader.exactly(block);
    if (header.every((byte) => byte === 0)) return;
    const entry = parseHeader(header);
    const target = inside(dir, entry.name);
    if (entry.kind === 'folder') {
      await fs.mkdir(target, { recursive: true, mode: 0o700 });
      continue;
    }
    await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    const file = await fs.open(target, 'wx', 0o600);
    try {
      for (let left = entry.size; left > 0; ) {
        const part = await reader.some(Math.min(left, writeChunk));
        await file.write(part);
        left -= part.length;
      }
    } finally {
      await file.close();
    }
    const padding = (block - (entry.size % block)) % block;
    if (padding > 0) await reader.exactly(padding);
  }
}

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackTar } from './tar-unpack';

/** A ustar header as tar(1) writes one, with its checksum. */
function header(name: string, size: number, type: '0' | '5' | '2'): Buffer {
  const block = Buffer.alloc(512);
  block.write(name, 0, 'utf8');
  block.write('0000644\0', 100);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write(type, 156);
  block.write('ustar\0', 257);
  block.write('00', 263);
  block.fill(0x20, 148, 156);
  let sum = 0;
  for (const byte of block) sum += byte;
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

function archive(entries: { name: string; data?: Buffer; type?: '0' | '5' | '2' }[]): Buffer {
  const parts: Buffer[] = [];
  for (const { name, data = Buffer.alloc(0), type = '0' } of entries) {
    parts.push(header(name, data.length, type), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return Buffer.concat(parts);
}

/** The archive as a stream of small, uneven chunks, as a gunzip stream hands them over. */
async function* chunked(bytes: Buffer, size = 777): AsyncGenerator<Buffer> {
  for (let start = 0; start < bytes.length; start += size) yield bytes.subarray(start, start + size);
}

let root: string;
beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-tar-'));
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

describe('unpackTar', () => {
  it('writes folders and files, byte for byte, private to their owner', async () => {
    const big = Buffer.alloc(200_000, 7);
    big.write('the end', big.length - 7);
    const dir = path.join(root, 'ok');
    await unpackTar(
      chunked(
        archive([
          { name: '/base', type: '5' },
          { name: '/base/1/PG_VERSION', data: Buffer.from('17\n') },
          { name: '/global/pg_control', data: big },
          { name: '/empty', data: Buffer.alloc(0) },
        ]),
      ),
      dir,
    );
    expect(await fs.readFile(path.join(dir, 'base/1/PG_VERSION'), 'utf8')).toBe('17\n');
    expect((await fs.readFile(path.join(dir, 'global/pg_control'))).equals(big)).toBe(true);
    expect((await fs.readFile(path.join(dir, 'empty'))).length).toBe(0);
    expect((await fs.stat(path.join(dir, 'global/pg_control'))).mode & 0o777).toBe(0o600);
    expect((await fs.stat(path.join(dir, 'base'))).mode & 0o777).toBe(0o700);
  });

  it('refuses a name that would leave the folder, a link, and a damaged header', async () => {
    await expect(
      unpackTar(chunked(archive([{ name: '../outside', data: Buffer.from('x') }])), path.join(root, 'a')),
    ).rejects.toThrow(/outside the folder/);
    await expect(unpackTar(chunked(archive([{ name: 'link', type: '2' }])), path.join(root, 'b'))).rejects.toThrow(
      /kind this reader does not unpack/,
    );
    const damaged = archive([{ name: 'file', data: Buffer.from('x') }]);
    damaged[0] = 'g'.charCodeAt(0);
    await expect(unpackTar(chunked(damaged), path.join(root, 'c'))).rejects.toThrow(/checksum/);
    await expect(fs.access(path.join(root, 'outside'))).rejects.toThrow();
  });

  it('refuses an archive that ends inside an entry', async () => {
    const whole = archive([{ name: 'file', data: Buffer.alloc(5000, 1) }]);
    await expect(unpackTar(chunked(whole.subarray(0, 2000)), path.join(root, 'd'))).rejects.toThrow(
      /ends in the middle of an entry/,
    );
  });
});

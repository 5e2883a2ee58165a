import { Readable } from 'node:stream';

/**
 * A JSON array written one element per line as its rows are read: the rows are pulled only as the zip takes
 * the text, so no file of the export is ever whole in memory. `written` resolves with the number of rows once
 * the zip has read the last one.
 */
export function jsonArrayEntry<T>(rows: AsyncIterable<T>): { stream: Readable; written: Promise<number> } {
  let resolve: (count: number) => void = () => {};
  let reject: (err: unknown) => void = () => {};
  const written = new Promise<number>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  written.catch(() => {});
  async function* text(): AsyncGenerator<string> {
    let count = 0;
    try {
      yield '[';
      let batch = '';
      for await (const row of rows) {
        batch += `${count === 0 ? '\n' : ',\n'}${JSON.stringify(row)}`;
        count += 1;
        // Chunks of about 64 kB: one string per row would cost the zip a write per row.
        if (batch.length >= 64 * 1024) {
          yield batch;
          batch = '';
        }
      }
      yield `${batch}\n]\n`;
      resolve(count);
    } catch (err) {
      reject(err);
      throw err;
    }
  }
  return { stream: Readable.from(text(), { objectMode: false }), written };
}

export function jsonEntry(value: unknown): Buffer {
  return Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
}

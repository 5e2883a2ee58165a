import { type Readable, Transform } from 'node:stream';

/**
 * `body` passed through a stream that tells `onBytes` of each chunk as it is taken. Listening for 'data' on the
 * body itself would set it flowing at once, and whatever it read before its consumer was attached would be lost.
 */
export function counted(body: Readable, onBytes: (bytes: number) => void): Transform {
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      onBytes(chunk.length);
      callback(null, chunk);
    },
  });
  body.on('error', (err) => counter.destroy(err));
  return body.pipe(counter);
}

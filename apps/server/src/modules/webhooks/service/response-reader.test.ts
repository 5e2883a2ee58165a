import { describe, expect, it } from 'vitest';
import { MalformedResponse, type ReadResponse, ResponseReader } from './response-reader';

function reader(options: { keepBytes?: number; drainMaxBytes?: number } = {}) {
  const answers: ReadResponse[] = [];
  const overlong: ReadResponse[] = [];
  const r = new ResponseReader({
    keepBytes: options.keepBytes ?? 4096,
    drainMaxBytes: options.drainMaxBytes ?? 1024 * 1024,
    onResponse: (response) => answers.push(response),
    onOverlong: (response) => overlong.push(response),
  });
  return { r, answers, overlong };
}

/** Feeds the text one byte at a time, as the slowest network would. */
function trickle(r: ResponseReader, text: string): void {
  for (const byte of Buffer.from(text)) r.push(Buffer.from([byte]));
}

const summary = (a: ReadResponse) => ({ status: a.statusCode, body: a.body.toString(), closes: a.closes });

describe('reading pipelined answers', () => {
  it('splits answers framed by content-length, whatever the packets', () => {
    const text =
      'HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello' +
      'HTTP/1.1 204 No Content\r\n\r\n' +
      'HTTP/1.1 500 Internal Server Error\r\ncontent-length: 4\r\nx-extra: yes\r\n\r\noops';
    const whole = reader();
    whole.r.push(Buffer.from(text));
    const bytes = reader();
    trickle(bytes.r, text);
    const expected = [
      { status: 200, body: 'hello', closes: false },
      { status: 204, body: '', closes: false },
      { status: 500, body: 'oops', closes: false },
    ];
    expect(whole.answers.map(summary)).toEqual(expected);
    expect(bytes.answers.map(summary)).toEqual(expected);
  });

  it('reads a chunked body with extensions and trailers, then the next answer', () => {
    const text =
      'HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n' +
      '5;name=value\r\nhello\r\n7\r\n, world\r\n0\r\nx-trailer: 1\r\n\r\n' +
      'HTTP/1.1 202 Accepted\r\ncontent-length: 2\r\n\r\nok';
    const { r, answers } = reader();
    trickle(r, text);
    expect(answers.map(summary)).toEqual([
      { status: 200, body: 'hello, world', closes: false },
      { status: 202, body: 'ok', closes: false },
    ]);
    expect(r.midResponse).toBe(false);
  });

  it('skips an interim answer and keeps only the first bytes of a body', () => {
    const { r, answers } = reader({ keepBytes: 4 });
    r.push(Buffer.from('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\ncontent-length: 10\r\n\r\n0123456789'));
    expect(answers.map(summary)).toEqual([{ status: 200, body: '0123', closes: false }]);
  });

  it('takes a body without length to the end of the connection, and says the connection closes', () => {
    const { r, answers } = reader();
    r.push(Buffer.from('HTTP/1.0 200 OK\r\n\r\nuntil the end'));
    expect(answers).toHaveLength(0);
    expect(r.end()).toBe(true);
    expect(answers.map(summary)).toEqual([{ status: 200, body: 'until the end', closes: true }]);
  });

  it('tells `connection: close`, HTTP/1.0 without keep-alive, and the receiver’s idle timeout', () => {
    const { r, answers } = reader();
    r.push(
      Buffer.from(
        'HTTP/1.1 200 OK\r\nConnection: close\r\ncontent-length: 0\r\n\r\n' +
          'HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nKeep-Alive: timeout=5, max=100\r\ncontent-length: 0\r\n\r\n' +
          'HTTP/1.0 200 OK\r\ncontent-length: 0\r\n\r\n',
      ),
    );
    expect(answers.map((a) => [a.closes, a.keepAliveSeconds])).toEqual([
      [true, undefined],
      [false, 5],
      [true, undefined],
    ]);
  });

  it('gives up on a body past the drain limit', () => {
    const { r, answers, overlong } = reader({ keepBytes: 3, drainMaxBytes: 10 });
    r.push(Buffer.from(`HTTP/1.1 200 OK\r\ncontent-length: 100\r\n\r\n${'z'.repeat(20)}`));
    expect(answers).toHaveLength(0);
    expect(overlong.map(summary)).toEqual([{ status: 200, body: 'zzz', closes: false }]);
  });

  it('refuses what is not an HTTP/1 answer, a malformed length, chunk or header, and an endless head', () => {
    for (const text of [
      'SSH-2.0-OpenSSH\r\n\r\n',
      'HTTP/1.1 200 OK\r\ncontent-length: -1\r\n\r\n',
      'HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nzz\r\n',
      'HTTP/1.1 200 OK\r\nno colon here\r\n\r\n',
      `HTTP/1.1 200 OK\r\nx-long: ${'a'.repeat(70_000)}`,
    ]) {
      const { r } = reader();
      expect(() => r.push(Buffer.from(text)), text.slice(0, 40)).toThrow(MalformedResponse);
    }
  });
});

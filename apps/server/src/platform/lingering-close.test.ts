import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAfterAnswer } from './lingering-close';

const lingerMs = 1000;
let app: FastifyInstance;
let port: number;
beforeAll(async () => {
  app = Fastify();
  // The body is left unread, so the route answers before it arrives, as for a too large upload.
  app.addContentTypeParser('application/octet-stream', (_req, _payload, done) => done(null));
  app.post('/refused', async (_req, reply) => {
    closeAfterAnswer(reply, lingerMs);
    return reply.code(413).send({ error: { code: 'files/too-large', message: 'Too large' } });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  port = typeof address === 'object' && address ? address.port : 0;
});
afterAll(() => app.close());

function connections(): Promise<number> {
  return new Promise((resolve, reject) =>
    app.server.getConnections((err, count) => (err ? reject(err) : resolve(count))),
  );
}

interface Outcome {
  answer: string;
  /** How the connection ended: with the server's FIN ('end'), or an error such as ECONNRESET. */
  ended: 'end' | string;
  /** An error on the connection at any time, such as a reset after the FIN. */
  error: string | undefined;
  closedAfterMs: number;
}

/**
 * Declares 100 MB and sends as fast as the connection takes it, as a proxy streaming an upload does, until the
 * answer arrives; then stops sending and, when `hangUp`, closes its side. Otherwise it keeps its side open and
 * resolves on the server's FIN.
 */
function sendUntilAnswered(hangUp: boolean): Promise<Outcome> {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1', allowHalfOpen: !hangUp });
    let answer = '';
    let answered = false;
    let ended: string | undefined;
    let error: string | undefined;
    let answeredAt = 0;
    const chunk = Buffer.alloc(64 * 1024, 1);
    const pump = () => {
      while (!answered && socket.write(chunk)) {}
    };
    socket.on('connect', () => {
      socket.write(
        'POST /refused HTTP/1.1\r\nHost: x\r\nContent-Type: application/octet-stream\r\n' +
          `Content-Length: ${100 * 1024 * 1024}\r\n\r\n`,
      );
      pump();
    });
    socket.on('drain', pump);
    socket.on('data', (data) => {
      answer += data.toString('latin1');
      if (!answered && answer.includes('}')) {
        answered = true;
        answeredAt = Date.now();
        if (hangUp) socket.end();
      }
    });
    socket.on('end', () => {
      ended ??= 'end';
      if (!hangUp) resolve({ answer, ended, error, closedAfterMs: Date.now() - answeredAt });
    });
    socket.on('error', (err) => {
      error = 'code' in err ? String(err.code) : err.message;
      ended ??= error;
    });
    socket.on('close', () =>
      resolve({ answer, ended: ended ?? 'close', error, closedAfterMs: Date.now() - answeredAt }),
    );
  });
}

describe('a connection closed after an answer given before the body arrived', () => {
  it('delivers the answer and ends with our FIN, not a reset, while the client is still sending', async () => {
    for (let round = 0; round < 5; round += 1) {
      const outcome = await sendUntilAnswered(true);
      expect(outcome.answer).toMatch(/^HTTP\/1\.1 413 /);
      expect(outcome.answer.toLowerCase()).toContain('connection: close');
      expect(outcome.answer).toContain('"code":"files/too-large"');
      expect(outcome.ended).toBe('end');
      expect(outcome.error).toBeUndefined();
      // The client hung up once answered: the server lets go then, not at the end of the linger.
      await expect.poll(connections, { interval: 10, timeout: lingerMs / 2 }).toBe(0);
    }
  });

  it('lets go of a client that stops sending but never hangs up once the linger has passed', async () => {
    const outcome = await sendUntilAnswered(false);
    expect(outcome.ended).toBe('end');
    expect(await connections()).toBe(1);
    const started = Date.now();
    await expect.poll(connections, { interval: 20 }).toBe(0);
    expect(Date.now() - started + outcome.closedAfterMs).toBeGreaterThanOrEqual(lingerMs - 50);
  });
});

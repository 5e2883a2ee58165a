import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import net, { type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createSender, type Sender } from './send-delivery';

const servers: http.Server[] = [];
let sender: Sender | undefined;

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

/** A receiver that speaks raw bytes: `onRequest` gets each request's webhook-id and its connection's number. */
async function serveRaw(onRequest: (socket: net.Socket, id: string, connection: number) => void): Promise<string> {
  let connections = 0;
  const server = net.createServer((socket) => {
    const connection = ++connections;
    let buffered = '';
    socket.on('data', (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        const end = buffered.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = buffered.slice(0, end);
        const length = Number(/content-length: (\d+)/i.exec(head)?.[1] ?? 0);
        if (buffered.length < end + 4 + length) return;
        buffered = buffered.slice(end + 4 + length);
        onRequest(socket, /webhook-id: (\S+)/i.exec(head)?.[1] ?? '', connection);
      }
    });
    socket.on('error', () => {});
  });
  rawServers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

const rawServers: net.Server[] = [];

afterEach(async () => {
  sender?.close();
  for (const server of rawServers.splice(0)) await new Promise((resolve) => server.close(resolve));
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;

describe('sending one delivery', () => {
  it('gives up on a receiver that does not answer within the timeout', async () => {
    const url = await serve(() => {}); // never answers
    sender = createSender({ allowedHosts: ['127.0.0.1'], timeoutMs: 200 });
    const attempt = await sender.send({ url, secret }, { id: 'd1', body: '{}' });
    expect(attempt).toMatchObject({ ok: false, statusCode: null, error: 'no answer within 0.2 s' });
    expect(attempt.durationMs).toBeGreaterThanOrEqual(190);
  });

  it('keeps only the first 4 KB of the answer', async () => {
    const url = await serve((_req, res) => res.end('y'.repeat(10_000)));
    sender = createSender({ allowedHosts: ['127.0.0.1'] });
    const attempt = await sender.send({ url, secret }, { id: 'd2', body: '{}' });
    expect(attempt).toMatchObject({ ok: true, statusCode: 200 });
    expect(attempt.responseBody).toHaveLength(4096);
  });

  it('refuses an address the host list does not allow, without connecting', async () => {
    let connected = false;
    const url = await serve((_req, res) => {
      connected = true;
      res.end();
    });
    sender = createSender({ allowedHosts: [] });
    const attempt = await sender.send({ url, secret }, { id: 'd3', body: '{}' });
    expect(attempt).toMatchObject({ ok: false, error: 'the URL must use https' });
    const viaName = await sender.send(
      { url: url.replace('http://127.0.0.1', 'https://localhost'), secret },
      { id: 'd4', body: '{}' },
    );
    expect(viaName).toMatchObject({ ok: false, error: 'the URL must be on a public address' });
    expect(connected).toBe(false);
  });
});

describe('sending a round of deliveries', () => {
  it('sends them in order on one connection, each with its own outcome', async () => {
    const arrived: string[] = [];
    const connections = new Set<unknown>();
    const url = await serve((req, res) => {
      connections.add(req.socket);
      const id = String(req.headers['webhook-id']);
      arrived.push(id);
      req.resume();
      req.on('end', () => res.writeHead(id === 'r3' ? 500 : 204).end());
    });
    sender = createSender({ allowedHosts: ['127.0.0.1'] });
    const ids = Array.from({ length: 40 }, (_, i) => `r${i}`);
    const attempts = await sender.sendAll(
      { url, secret },
      ids.map((id) => ({ id, body: `{"n":"${id}"}` })),
    );
    expect(arrived).toEqual(ids);
    expect(connections.size).toBe(1);
    expect(attempts.map((a) => a.statusCode)).toEqual(ids.map((id) => (id === 'r3' ? 500 : 204)));
    expect(attempts[3]).toMatchObject({ ok: false, error: 'the receiver answered 500' });
  });

  it('delivers every one to a receiver that closes its connection after each answer', async () => {
    const arrived: string[] = [];
    const url = await serve((req, res) => {
      arrived.push(String(req.headers['webhook-id']));
      req.resume();
      req.on('end', () => res.writeHead(200, { connection: 'close' }).end('ok'));
    });
    sender = createSender({ allowedHosts: ['127.0.0.1'] });
    const ids = Array.from({ length: 10 }, (_, i) => `c${i}`);
    const attempts = await sender.sendAll(
      { url, secret },
      ids.map((id) => ({ id, body: '{}' })),
    );
    expect(attempts.every((a) => a.ok)).toBe(true);
    // In order, each once or more: one sent behind a closing answer is sent again on the next connection.
    expect([...new Set(arrived)]).toEqual(ids);
  });

  it('gives each delivery its own timeout from when the receiver turns to it, not from when it was queued', async () => {
    const url = await serve((req, res) => {
      req.resume();
      req.on('end', () => setTimeout(() => res.writeHead(204).end(), 120));
    });
    sender = createSender({ allowedHosts: ['127.0.0.1'], timeoutMs: 400 });
    // Queued together they take about a second in all, well past one timeout; each takes about 120 ms.
    const attempts = await sender.sendAll(
      { url, secret },
      Array.from({ length: 8 }, (_, i) => ({ id: `s${i}`, body: '{}' })),
    );
    expect(attempts.map((a) => a.statusCode)).toEqual(Array(8).fill(204));
    for (const attempt of attempts) expect(attempt.durationMs).toBeLessThan(400);
  });
});

describe('receivers that are not plain', () => {
  const deliveries = (prefix: string, n: number) =>
    Array.from({ length: n }, (_, i) => ({ id: `${prefix}${i}`, body: '{}' }));

  it('sends again on a new connection what a kept-alive connection closed under, once it had answered', async () => {
    const seen: string[] = [];
    const url = await serveRaw((socket, id, connection) => {
      seen.push(`${connection}:${id}`);
      // The first connection answers one delivery, then closes as the next round arrives (an idle timeout).
      if (connection === 1 && id !== 'a0') socket.destroy();
      else socket.write('HTTP/1.1 200 OK\r\ncontent-length: 2\r\n\r\nok');
    });
    sender = createSender({ allowedHosts: ['127.0.0.1'] });
    expect((await sender.sendAll({ url, secret }, deliveries('a', 1))).map((a) => a.ok)).toEqual([true]);
    const attempts = await sender.sendAll({ url, secret }, deliveries('b', 3));
    expect(attempts.map((a) => [a.ok, a.responseBody])).toEqual(Array(3).fill([true, 'ok']));
    expect(seen.filter((s) => s.startsWith('2:'))).toEqual(['2:b0', '2:b1', '2:b2']);
  });

  it('fails a round that no connection can be made for, with the reason', async () => {
    const url = await serveRaw(() => {});
    const closed = rawServers.pop();
    await new Promise((resolve) => closed?.close(resolve));
    sender = createSender({ allowedHosts: ['127.0.0.1'] });
    const attempts = await sender.sendAll({ url, secret }, deliveries('r', 2));
    for (const attempt of attempts) {
      expect(attempt).toMatchObject({ ok: false, statusCode: null, error: expect.stringContaining('ECONNREFUSED') });
    }
  });

  it('fails what a malformed answer was for, and sends the next round on a new connection', async () => {
    const url = await serveRaw((socket, _id, connection) => {
      socket.write(connection === 1 ? 'SSH-2.0-not-http\r\n\r\n' : 'HTTP/1.1 204 No Content\r\n\r\n');
    });
    sender = createSender({ allowedHosts: ['127.0.0.1'] });
    const [bad] = await sender.sendAll({ url, secret }, deliveries('m', 1));
    expect(bad).toMatchObject({ ok: false, error: 'the answer is not HTTP/1.1' });
    const [good] = await sender.sendAll({ url, secret }, deliveries('n', 1));
    expect(good).toMatchObject({ ok: true, statusCode: 204 });
  });

  it('keeps 4 KB of a chunked answer, and drops a connection whose answer does not end', async () => {
    const chunk = 'c'.repeat(3000);
    const url = await serveRaw((socket, id) => {
      if (id === 'long') {
        socket.write('HTTP/1.1 200 OK\r\ncontent-length: 5000000\r\n\r\n');
        socket.write('z'.repeat(1_100_000));
        return;
      }
      const size = chunk.length.toString(16);
      socket.write(
        `HTTP/1.1 201 Created\r\ntransfer-encoding: chunked\r\n\r\n${size}\r\n${chunk}\r\n${size}\r\n${chunk}\r\n0\r\n\r\n`,
      );
    });
    sender = createSender({ allowedHosts: ['127.0.0.1'] });
    const [chunked, long, after] = await sender.sendAll({ url, secret }, [
      { id: 'chunked', body: '{}' },
      { id: 'long', body: '{}' },
      { id: 'after', body: '{}' },
    ]);
    expect(chunked).toMatchObject({ ok: true, statusCode: 201 });
    expect(chunked?.responseBody).toBe('c'.repeat(4096));
    expect(long).toMatchObject({ ok: true, statusCode: 200, responseBody: 'z'.repeat(4096) });
    expect(after).toMatchObject({ ok: true, statusCode: 201 });
  });
});

describe('an https receiver', () => {
  // A certificate for localhost and 127.0.0.1 made for these tests (test/fixtures), trusted only where passed.
  const fixture = (name: string) =>
    fs.readFileSync(new URL(`../../../../test/fixtures/${name}`, import.meta.url), 'utf8');
  const cert = fixture('test-tls-cert.pem');
  const key = fixture('test-tls-key.pem');
  const tlsServers: https.Server[] = [];

  async function serveTls(): Promise<{ url: string; received: string[] }> {
    const received: string[] = [];
    const server = https.createServer({ key, cert }, (req, res) => {
      received.push(`${req.headers.host} ${req.headers['webhook-id']}`);
      req.resume();
      req.on('end', () => res.writeHead(200).end('secure'));
    });
    tlsServers.push(server);
    // Every address of the machine: `localhost` may resolve to ::1 or to 127.0.0.1.
    await new Promise<void>((resolve) => server.listen(0, resolve));
    return { url: `https://localhost:${(server.address() as AddressInfo).port}/hook`, received };
  }

  afterEach(async () => {
    for (const server of tlsServers.splice(0)) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('gets a round over TLS, verified against the name', async () => {
    const { url, received } = await serveTls();
    sender = createSender({ allowedHosts: ['localhost'], ca: cert });
    const attempts = await sender.sendAll({ url, secret }, [
      { id: 't1', body: '{}' },
      { id: 't2', body: '{}' },
    ]);
    expect(attempts.map((a) => [a.ok, a.statusCode, a.responseBody])).toEqual([
      [true, 200, 'secure'],
      [true, 200, 'secure'],
    ]);
    const port = new URL(url).port;
    expect(received).toEqual([`localhost:${port} t1`, `localhost:${port} t2`]);
  });

  it('refuses a certificate it cannot verify', async () => {
    const { url, received } = await serveTls();
    sender = createSender({ allowedHosts: ['localhost'] });
    const [attempt] = await sender.sendAll({ url, secret }, [{ id: 'u1', body: '{}' }]);
    expect(attempt).toMatchObject({ ok: false, statusCode: null, error: expect.stringMatching(/certificate/) });
    expect(received).toEqual([]);
  });
});

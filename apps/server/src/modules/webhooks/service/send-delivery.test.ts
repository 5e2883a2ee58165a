import http from 'node:http';
import type { AddressInfo } from 'node:net';
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

afterEach(async () => {
  sender?.close();
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

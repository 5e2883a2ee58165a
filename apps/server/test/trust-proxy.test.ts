import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp, type TestUser } from './support/test-app';

// Linux answers on the whole of 127.0.0.0/8, so the client and each proxy get an address of their own.
const clientAddress = '127.0.0.3';

interface Proxy {
  url: string;
  close(): Promise<void>;
}

/**
 * A reverse proxy like nginx with `proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for`: it keeps the header
 * the client sent and appends the address the request came from. It connects onward from `fromAddress`.
 */
async function startProxy(target: string, fromAddress: string): Promise<Proxy> {
  const agent = new http.Agent({ keepAlive: false });
  const server = http.createServer((req, res) => {
    const sent = req.headers['x-forwarded-for'];
    const peer = req.socket.remoteAddress ?? '';
    const headers = { ...req.headers, 'x-forwarded-for': sent ? `${sent}, ${peer}` : peer };
    const onward = http.request(
      new URL(req.url ?? '/', target),
      { method: req.method, headers, localAddress: fromAddress, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    onward.on('error', (err) => res.destroy(err));
    req.pipe(onward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || address === null) throw new Error('The proxy has no port');
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}

/** A sign-in from `clientAddress` through `proxy`, with an X-Forwarded-For the client made up. */
function signInThrough(proxy: Proxy, body: { email: string; password: string }, forwardedFor: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      new URL('/api/auth/login', proxy.url),
      {
        method: 'POST',
        localAddress: clientAddress,
        headers: { 'content-type': 'application/json', 'x-forwarded-for': forwardedFor },
      },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      },
    );
    req.on('error', reject);
    req.end(JSON.stringify(body));
  });
}

/** Ten wrong passwords, then the right one, each claiming another address at the left of X-Forwarded-For. */
async function guessWithSpoofedAddresses(proxy: Proxy, user: TestUser): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 1; i <= 11; i += 1) {
    const password = i <= 10 ? 'Wrong-password-42' : user.password;
    statuses.push(await signInThrough(proxy, { email: user.email, password }, `198.51.100.${i}, 203.0.113.7`));
  }
  return statuses;
}

const RequestLogLine = z.object({ req: z.object({ url: z.string(), remoteAddress: z.string() }) });

/** The client addresses the app logged for sign-ins. */
function loggedSignInAddresses(t: TestApp): Set<string> {
  const addresses = t.logs
    .map((line) => RequestLogLine.safeParse(JSON.parse(line)))
    .flatMap((entry) =>
      entry.success && entry.data.req.url === '/api/auth/login' ? [entry.data.req.remoteAddress] : [],
    );
  return new Set(addresses);
}

const lockedOut = [...Array.from({ length: 10 }, () => 401), 429];
const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe('TRUST_PROXY', () => {
  it('with one hop, takes the address the proxy saw, so made-up X-Forwarded-For entries do not reset the limit', async () => {
    const t = await createTestApp({ TRUST_PROXY: '1' });
    cleanups.push(() => t.close());
    const proxy = await startProxy(t.url, '127.0.0.1');
    cleanups.push(() => proxy.close());
    const user = await t.signUp();

    expect(await guessWithSpoofedAddresses(proxy, user)).toEqual(lockedOut);
    expect(loggedSignInAddresses(t)).toEqual(new Set([clientAddress]));
  });

  it('with a list of proxy addresses and CIDRs, skips every listed proxy and no further', async () => {
    const t = await createTestApp({ TRUST_PROXY: '127.0.0.2, 127.0.0.4/30' });
    cleanups.push(() => t.close());
    // client → outer proxy → inner proxy (connects from 127.0.0.2) → app; the outer one connects from 127.0.0.4.
    const inner = await startProxy(t.url, '127.0.0.2');
    cleanups.push(() => inner.close());
    const outer = await startProxy(inner.url, '127.0.0.4');
    cleanups.push(() => outer.close());
    const user = await t.signUp();

    expect(await guessWithSpoofedAddresses(outer, user)).toEqual(lockedOut);
    expect(loggedSignInAddresses(t)).toEqual(new Set([clientAddress]));
  });
});

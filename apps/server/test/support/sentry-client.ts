import {
  createTransport,
  defaultStackParser,
  makeNodeTransport,
  NodeClient,
  type NodeOptions,
  Scope,
} from '@sentry/node';

/** Tests only: the real Sentry SDK as a plain client (no global state), reporting to `dsn`. */
export interface TestSentry {
  scope: Scope;
  flush(): Promise<void>;
  close(): Promise<void>;
}

type Transport = NonNullable<NodeOptions['transport']>;

/**
 * Posts the way the browser SDK's fetch transport does: uncompressed, and a text envelope as a string,
 * which fetch labels text/plain;charset=UTF-8 (binary ones go without a type).
 */
const browserLikeTransport: Transport = (options) =>
  createTransport(options, async (request) => {
    const res = await fetch(options.url, { method: 'POST', body: request.body, headers: options.headers });
    await res.arrayBuffer();
    return {
      statusCode: res.status,
      headers: {
        'x-sentry-rate-limits': res.headers.get('X-Sentry-Rate-Limits'),
        'retry-after': res.headers.get('Retry-After'),
      },
    };
  });

export function createTestSentry(
  dsn: string,
  options: { transport?: 'node' | 'browser-like'; ip?: string; userId?: string; release?: string } = {},
): TestSentry {
  const client = new NodeClient({
    dsn,
    release: options.release ?? '9.9.9',
    transport: options.transport === 'browser-like' ? browserLikeTransport : makeNodeTransport,
    transportOptions: { headers: { 'x-forwarded-for': options.ip ?? '10.250.0.1' } },
    stackParser: defaultStackParser,
    integrations: [],
  });
  client.init();
  const scope = new Scope();
  scope.setClient(client);
  if (options.userId) scope.setUser({ id: options.userId });
  return {
    scope,
    async flush() {
      await client.flush(5000);
    },
    async close() {
      await client.close(5000);
    },
  };
}

import http from 'node:http';

/** One request as the receiver got it. */
export interface ReceivedHook {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export interface WebhookReceiver {
  /** Where the webhook should point: http://127.0.0.1:<port>/hook. */
  url: string;
  requests: ReceivedHook[];
  close(): Promise<void>;
}

/**
 * A real HTTP endpoint in the test's own process, standing in for the service a webhook sends to: it records each
 * request and answers 200 with a small JSON body. Port 0, so tests running in parallel each get their own.
 */
export function startWebhookReceiver(): Promise<WebhookReceiver> {
  const requests: ReceivedHook[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push({
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      res.writeHead(200, { 'Content-Type': 'application/json' }).end('{"received":true}');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      if (typeof address !== 'object' || address === null) {
        reject(new Error('The webhook receiver has no port'));
        return;
      }
      resolve({
        url: `http://127.0.0.1:${address.port}/hook`,
        requests,
        // The server keeps its connections alive: without closeAllConnections, close() would wait for them.
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

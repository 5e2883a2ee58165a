// An upload sent at a set pace, as a slow client sends it: the server is in the middle of receiving it for as long
// as the bench chooses, so something (a SIGTERM) can happen to the server meanwhile. Its body is made as it is
// sent; each upload has its own connection, so none waits behind another in this process.

import { once } from 'node:events';
import http from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';

const chunkBytes = 256 * 1024;

/**
 * Starts POSTing a multipart upload of `bytes` bytes to `baseUrl`'s project `projectId` at `bytesPerS`. Returns
 * { answer }: a promise of { status, headers, body, ms } (status 0 and `error` when the connection failed instead),
 * never rejected, so that a failed upload is counted rather than thrown.
 */
export function startPacedUpload(baseUrl, token, projectId, { name, bytes, bytesPerS }) {
  const boundary = `bench-${crypto.randomUUID()}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(chunkBytes, 0x5a);
  const pauseMs = (chunkBytes / bytesPerS) * 1000;
  const startedAt = performance.now();
  const req = http.request(`${baseUrl}/api/projects/${projectId}/files`, {
    method: 'POST',
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + bytes + tail.length),
    },
  });
  const answer = new Promise((resolve) => {
    req.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part) => {
        body += part;
      });
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body, ms: performance.now() - startedAt }),
      );
      res.on('error', (error) => resolve({ status: 0, error, ms: performance.now() - startedAt }));
    });
    req.on('error', (error) => resolve({ status: 0, error, ms: performance.now() - startedAt }));
  });
  // Stops writing once an answer or an error has come: an early answer (an error status) ends the exchange.
  let over = false;
  answer.then(() => {
    over = true;
  });
  (async () => {
    req.write(head);
    for (let sent = 0; sent < bytes && !over; sent += chunkBytes) {
      const piece = bytes - sent >= chunkBytes ? chunk : chunk.subarray(0, bytes - sent);
      if (!req.write(piece)) await Promise.race([once(req, 'drain'), answer]);
      await delay(pauseMs);
    }
    if (!over) req.end(tail);
  })().catch((error) => req.destroy(error));
  return { answer };
}

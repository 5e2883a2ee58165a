import http from 'node:http';

export interface SlowUpload {
  /** Resolves once the first chunk of the file is on its way. */
  started: Promise<void>;
  /** Sends the rest of the file, one chunk every `everyMs`. */
  finish(): void;
  /** The server's answer (or how the connection ended). */
  answer: Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>;
}

/**
 * A multipart upload of `chunks` × `chunkBytes` written by hand: its first chunk at once, the rest only when told,
 * so a test can act while the server is in the middle of receiving it.
 */
export function startSlowUpload(
  baseUrl: string,
  token: string,
  projectId: string,
  { chunkBytes = 1024 * 1024, chunks = 30, everyMs = 20 } = {},
): SlowUpload {
  const boundary = 'slow-upload-boundary';
  const head = Buffer.from(
    `--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="big.bin"\r\n` +
      'content-type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = Buffer.alloc(chunkBytes, 7);
  const url = new URL(`/api/projects/${projectId}/files`, baseUrl);
  const request = http.request(url, {
    method: 'POST',
    // Its own connection: a test's other requests must not queue behind this one.
    agent: false,
    headers: {
      authorization: `Bearer ${token}`,
      'content-type': `multipart/form-data; boundary=${boundary}`,
      'content-length': String(head.length + chunkBytes * chunks + tail.length),
    },
  });
  const answer = new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>((resolve, reject) => {
    request.on('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (part: string) => {
        body += part;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    request.on('error', reject);
  });
  const started = new Promise<void>((resolve) => {
    request.write(head);
    request.write(chunk, () => resolve());
  });
  return {
    started,
    answer,
    finish() {
      let sent = 1;
      const timer = setInterval(() => {
        if (sent === chunks) {
          clearInterval(timer);
          request.end(tail);
          return;
        }
        request.write(chunk);
        sent += 1;
      }, everyMs);
    },
  };
}

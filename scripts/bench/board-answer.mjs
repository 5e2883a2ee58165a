// GET board as the bench times it: to the last byte of the answer as sent. Decoding the answer (1.46 MB of JSON
// from 92–131 KB) is the client's work, which a browser does in its network process as the bytes arrive; in the
// bench it runs on the same two cores as the server and is timed apart.
import http from 'node:http';
import zlib from 'node:zlib';

/** One GET on a kept-alive connection; resolves to its status, headers and body as sent, at its last byte. */
export function getAsSent(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The answer's body decoded from its Content-Encoding. @throws for a coding the board is never sent in */
export function decoded({ headers, body }) {
  const coding = headers['content-encoding'];
  if (coding === 'gzip') return zlib.gunzipSync(body);
  if (coding === 'br') return zlib.brotliDecompressSync(body);
  if (coding === undefined) return body;
  throw new Error(`GET board answered in ${coding}`);
}

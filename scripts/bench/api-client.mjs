// Setup requests to a bench server, made the way the web app makes them: JSON bodies and a Bearer ID token.
// The server runs with TRUST_PROXY=true and each person gets their own X-Forwarded-For, so per-address
// limits (20 registrations an hour) see many people instead of one address creating hundreds of accounts.

import http from 'node:http';

// Generous: on a busy 2-core machine a request can queue behind several argon2 hashes.
const requestTimeoutMs = 60_000;
const addressesPerBlock = 254;
let addressesHandedOut = 0;

/**
 * A new address in 198.19.0.0/16 for every call in this run. The /15 around it is reserved for benchmarks
 * (RFC 2544), so these never look like real people in a log; sign-in-load.mjs uses 198.18.0.0/16.
 */
export function nextBenchAddress() {
  const n = addressesHandedOut++;
  if (n >= 256 * addressesPerBlock) throw new Error('out of bench addresses in 198.19.0.0/16');
  return `198.19.${Math.floor(n / addressesPerBlock)}.${(n % addressesPerBlock) + 1}`;
}

/**
 * Kept-alive connections through node:http rather than fetch: fetch spent about 0.7 ms of CPU per request,
 * which on this 2-core machine came out of the server's share when the bench fires thousands of creations.
 */
const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

/** One HTTP exchange: the status and the body as text. */
function send(url, method, headers, body) {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method, headers, agent, timeout: requestTimeoutMs }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error(`${method} ${url}: no answer in ${requestTimeoutMs} ms`)));
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * Sends one request and resolves to the parsed JSON body (undefined when empty).
 * @throws when the status is not `expect`; the message carries the body, which names the error code
 */
export async function callApi(baseUrl, method, path, { token, body, address, expect = 200 } = {}) {
  const headers = {};
  const payload = body === undefined ? undefined : JSON.stringify(body);
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(payload);
  }
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers['x-forwarded-for'] = address;
  const { status, text } = await send(baseUrl + path, method, headers, payload);
  if (status !== expect) {
    throw new Error(`${method} ${path}: expected ${expect}, got ${status} ${text.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : undefined;
}

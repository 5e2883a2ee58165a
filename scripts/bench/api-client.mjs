// Setup requests to a bench server, made the way the web app makes them: JSON bodies and a Bearer ID token.
// The server runs with TRUST_PROXY=true and each person gets their own X-Forwarded-For, so per-address
// limits (20 registrations an hour) see many people instead of one address creating hundreds of accounts.

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
 * Sends one request and resolves to the parsed JSON body (undefined when empty).
 * @throws when the status is not `expect`; the message carries the body, which names the error code
 */
export async function callApi(baseUrl, method, path, { token, body, address, expect = 200 } = {}) {
  const headers = {};
  if (body !== undefined) headers['content-type'] = 'application/json';
  if (token) headers.authorization = `Bearer ${token}`;
  if (address) headers['x-forwarded-for'] = address;
  const res = await fetch(baseUrl + path, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
  const text = await res.text();
  if (res.status !== expect) {
    throw new Error(`${method} ${path}: expected ${expect}, got ${res.status} ${text.slice(0, 300)}`);
  }
  return text ? JSON.parse(text) : undefined;
}

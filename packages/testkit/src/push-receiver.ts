import { createDecipheriv, createECDH, createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the push service received it. */
export interface ReceivedPush {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

export interface PushReceiver {
  url: string;
  pushes: ReceivedPush[];
  /** A browser-like subscription whose messages this receiver can decrypt. */
  createSubscription(): TestSubscription;
  /** Answer the next pushes with this status (e.g. 410 Gone) until told otherwise. */
  respondWith(status: number): void;
  /** Keep the next pushes waiting for an answer until `release()`, like a stalled push service. */
  hold(): void;
  release(): void;
  /** Requests received but not answered yet. */
  pendingCount(): number;
  waitForPush(path: string, timeoutMs?: number): Promise<ReceivedPush>;
  close(): Promise<void>;
}

export interface TestSubscription {
  json: { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } };
  path: string;
  /** Decrypts an aes128gcm body (RFC 8188 / RFC 8291) with this subscription's private key. */
  decrypt(body: Buffer): string;
}

function hmac(key: Buffer, data: Buffer): Buffer {
  return createHmac('sha256', key).update(data).digest();
}

/** HKDF-SHA-256 with a one-block expand, which is all RFC 8291 needs (≤ 32 bytes). */
function hkdf(salt: Buffer, ikm: Buffer, info: Buffer, length: number): Buffer {
  return hmac(hmac(salt, ikm), Buffer.concat([info, Buffer.from([1])])).subarray(0, length);
}

function decryptAes128gcm(body: Buffer, uaPrivate: ReturnType<typeof createECDH>, authSecret: Buffer): string {
  const salt = body.subarray(0, 16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  const uaPublic = uaPrivate.getPublicKey();
  const ecdhSecret = uaPrivate.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, asPublic]);
  const ikm = hkdf(authSecret, ecdhSecret, keyInfo, 32);
  const cek = hkdf(salt, ikm, Buffer.from('Content-Encoding: aes128gcm\0'), 16);
  const nonce = hkdf(salt, ikm, Buffer.from('Content-Encoding: nonce\0'), 12);
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 followed by zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('missing record delimiter');
  return padded.subarray(0, end).toString('utf8');
}

/**
 * A local HTTP endpoint standing in for a browser vendor's push service (web push cannot reach a
 * real one from here): it records each request and answers 201 unless told otherwise.
 */
export async function startPushReceiver(): Promise<PushReceiver> {
  const pushes: ReceivedPush[] = [];
  const waiters = new Set<() => void>();
  let nextStatus = 201;
  let holding = false;
  const held: (() => void)[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      pushes.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      const answer = () => res.writeHead(nextStatus).end();
      if (holding) held.push(answer);
      else answer();
      for (const wake of waiters) wake();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    pushes,
    respondWith(status) {
      nextStatus = status;
    },
    hold() {
      holding = true;
    },
    release() {
      holding = false;
      for (const answer of held.splice(0)) answer();
    },
    pendingCount: () => held.length,
    createSubscription() {
      const uaPrivate = createECDH('prime256v1');
      uaPrivate.generateKeys();
      const authSecret = randomBytes(16);
      const path = `/push/${randomBytes(8).toString('hex')}`;
      return {
        path,
        json: {
          endpoint: url + path,
          expirationTime: null,
          keys: { p256dh: uaPrivate.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
        },
        decrypt: (body) => decryptAes128gcm(body, uaPrivate, authSecret),
      };
    },
    waitForPush(path, timeoutMs = 10_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = pushes.find((p) => p.path === path);
          if (!found) return false;
          clearTimeout(timer);
          waiters.delete(wake);
          resolve(found);
          return true;
        };
        const wake = () => void check();
        const timer = setTimeout(() => {
          waiters.delete(wake);
          reject(new Error(`no push to ${path} within ${timeoutMs} ms`));
        }, timeoutMs);
        if (!check()) waiters.add(wake);
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

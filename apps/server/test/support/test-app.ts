import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { type SmtpReceiver, startSmtpReceiver } from '@deckhand/testkit/smtp-receiver';
import type { FastifyInstance } from 'fastify';
import { v7 as uuidv7 } from 'uuid';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { type Config, loadConfig } from '../../src/config';
import type { Database } from '../../src/db/client';
import type { CollabSocketOptions } from '../../src/modules/cards/collab/collab-sockets';
import type { LiveOptions } from '../../src/platform/live';
import { freePort } from './free-port';
import { openTestDatabase, testTarget } from './test-database';

export { freePort };

export const strongPassword = 'Tr0ub4dour-sail-9';

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

export interface RequestOptions {
  body?: unknown;
  /** Raw body sent as is (for malformed JSON); content type defaults to application/json. */
  rawBody?: string;
  token?: string;
  headers?: Record<string, string>;
  /** Client address as seen through X-Forwarded-For (the test app trusts one proxy hop). */
  ip?: string;
}

export interface TestUser {
  id: string;
  email: string;
  password: string;
  token: string;
  refreshCookie: string;
}

export interface TestApp {
  url: string;
  app: FastifyInstance;
  config: Config;
  database: Database;
  smtp: SmtpReceiver;
  logs: string[];
  request<T = unknown>(method: string, path: string, options?: RequestOptions): Promise<TestResponse<T>>;
  signUp(overrides?: { email?: string; name?: string; password?: string }): Promise<TestUser>;
  close(): Promise<void>;
}

/** A port that was free a moment ago: the OS hands out ports in order, so reuse within the test is unlikely. */
export function uniqueEmail(label = 'user'): string {
  return `${label}-${uuidv7()}@example.test`;
}

/** A random private address, so per-address limits of one test do not spill into another. */
export function randomIp(): string {
  const byte = () => Math.floor(Math.random() * 254) + 1;
  return `10.${byte()}.${byte()}.${byte()}`;
}

export function cookieFrom(headers: Headers, name: string): string | undefined {
  const cookie = headers.getSetCookie().find((c) => c.startsWith(`${name}=`));
  return cookie?.split(';')[0];
}

/**
 * The real server on a private copy of the migrated database, listening on a free port, with a real
 * SMTP receiver; PostgreSQL and Redis when DECKHAND_TEST_DB=postgres.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  options: {
    webDistDir?: string;
    live?: LiveOptions;
    collab?: CollabSocketOptions;
    /** A second instance on the same database (and, on the PostgreSQL pass, the same Redis). */
    shareWith?: TestApp;
  } = {},
): Promise<TestApp> {
  const target = testTarget();
  const smtp = await startSmtpReceiver();
  const shared = options.shareWith;
  const database = shared ? shared.database : await openTestDatabase(inject('databaseTemplate'));
  // The port is chosen first so that PUBLIC_URL (mail links, OIDC redirects) is right from the start.
  const port = env.PORT ?? String(await freePort());
  // Each app its own DATA_DIR (stored files): tests count what storage holds. Instances of one deployment share it.
  const dataDir = shared?.config.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'deckhand-test-data-')));
  const config = loadConfig({
    PORT: port,
    // Instances behind one address share PUBLIC_URL, which is also the ID tokens' issuer.
    PUBLIC_URL: shared?.config.publicUrl ?? `http://127.0.0.1:${port}`,
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    // Each test request stands for one that came through a proxy: its X-Forwarded-For is the address the proxy saw.
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    ...(target.kind === 'postgres' && {
      REDIS_URL: target.redisUrl,
      REDIS_KEY_PREFIX: shared?.config.redisKeyPrefix ?? `deckhand-test:${uuidv7()}:`,
    }),
    ...env,
  });
  const logs: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logs.push(chunk.toString('utf8'));
      done();
    },
  });
  const app = await buildApp(config, {
    database,
    logStream,
    webDistDir: options.webDistDir,
    live: options.live,
    collab: options.collab,
  });
  await app.listen({ port: config.port, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${port}`;

  async function request<T>(method: string, path: string, options: RequestOptions = {}): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { 'x-forwarded-for': options.ip ?? randomIp(), ...options.headers };
    if (options.token !== undefined) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = options.rawBody ?? JSON.stringify(options.body);
    }
    const res = await fetch(url + path, { method, headers, body, redirect: 'manual' });
    const text = await res.text();
    let parsed: unknown = text;
    if (res.headers.get('content-type')?.includes('application/json') && text) parsed = JSON.parse(text);
    return { status: res.status, headers: res.headers, body: parsed as T, text };
  }

  async function signUp(overrides: { email?: string; name?: string; password?: string } = {}): Promise<TestUser> {
    const email = overrides.email ?? uniqueEmail();
    const password = overrides.password ?? strongPassword;
    const res = await request<{ id_token: string; user: { id: string } }>('POST', '/api/auth/register', {
      body: { email, password, name: overrides.name ?? 'Test Person' },
    });
    if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
    const refreshCookie = cookieFrom(res.headers, 'deckhand_refresh');
    if (!refreshCookie) throw new Error('sign-up set no refresh cookie');
    return { id: res.body.user.id, email, password, token: res.body.id_token, refreshCookie };
  }

  return {
    url,
    app,
    config,
    database,
    smtp,
    logs,
    request,
    signUp,
    async close() {
      await app.close();
      if (!shared) await database.close();
      await smtp.close();
      if (!shared) await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

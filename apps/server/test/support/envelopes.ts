import type { TestApp } from './test-app';

/** Tests only: builds and posts raw envelopes, for what the SDK does not send by itself. */
export interface RawItem {
  headers: Record<string, unknown>;
  payload: string | Buffer;
}

export function buildEnvelope(header: Record<string, unknown>, items: RawItem[]): Buffer {
  const parts: Buffer[] = [Buffer.from(JSON.stringify(header))];
  for (const item of items) {
    parts.push(Buffer.from(`\n${JSON.stringify(item.headers)}\n`));
    parts.push(Buffer.isBuffer(item.payload) ? item.payload : Buffer.from(item.payload));
  }
  return Buffer.concat(parts);
}

export function eventItem(event: Record<string, unknown>, type = 'event'): RawItem {
  return { headers: { type }, payload: JSON.stringify(event) };
}

export function keyOfDsn(dsn: string): string {
  return new URL(dsn).username;
}

export interface PostOptions {
  key?: string | undefined;
  headers?: Record<string, string>;
  ip?: string;
  path?: string;
}

/** Posts to the intake like a browser SDK: the key in the query, the body as text/plain unless told otherwise. */
export async function postEnvelope(t: TestApp, body: Buffer | string, options: PostOptions = {}) {
  const query = options.key === undefined ? '' : `?sentry_version=7&sentry_key=${options.key}`;
  const res = await fetch(`${t.url}${options.path ?? '/ingest/api/1/envelope/'}${query}`, {
    method: 'POST',
    body,
    headers: {
      'content-type': 'text/plain;charset=UTF-8',
      'x-forwarded-for': options.ip ?? '10.251.0.1',
      ...options.headers,
    },
  });
  const text = await res.text();
  const json: unknown = res.headers.get('content-type')?.includes('json') && text ? JSON.parse(text) : undefined;
  return { status: res.status, headers: res.headers, json };
}

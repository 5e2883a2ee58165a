import { expect } from 'vitest';
import { upstreamHeader } from './nginx-proxy';
import type { Instance, ProxiedDeployment } from './proxied-deployment';

export interface ProxiedAnswer<T> {
  status: number;
  headers: Headers;
  body: T;
  /** The instance (`host:port`) that answered: the last one nginx tried, or '' when nginx answered itself. */
  upstream: string;
}

/** A request through the proxy, as a browser makes it. */
export async function callThrough<T = { id: string }>(
  d: ProxiedDeployment,
  token: string,
  method: string,
  url: string,
  body?: unknown,
): Promise<ProxiedAnswer<T>> {
  const res = await fetch(d.url + url, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  const json: unknown = res.headers.get('content-type')?.includes('application/json') && text ? JSON.parse(text) : text;
  const upstream = res.headers.get(upstreamHeader)?.split(', ').at(-1) ?? '';
  return { status: res.status, headers: res.headers, body: json as T, upstream };
}

export function instanceAt(d: ProxiedDeployment, upstream: string): Instance {
  const found = d.instances.find((instance) => instance.upstream === upstream);
  if (!found) throw new Error(`no instance at ${upstream}`);
  return found;
}

/** The instance that is not the one at `upstream`. */
export function otherThan(d: ProxiedDeployment, upstream: string | null): Instance {
  const other = d.instances.find((instance) => instance.upstream !== upstream);
  if (!other) throw new Error(`no instance other than ${upstream}`);
  return other;
}

/**
 * Opens sockets through the proxy until each instance holds one, as the instances' `gauge` counts them: nginx
 * alternates, but a socket that lands beside the first is closed and opened again.
 */
export async function onBothInstances<T extends { close(): void }>(
  d: ProxiedDeployment,
  gauge: string,
  connect: () => Promise<T>,
): Promise<[T, T]> {
  const counts = () => Promise.all(d.instances.map((instance) => instance.metric(gauge)));
  const before = await counts();
  const added = async () => (await counts()).map((n, i) => n - (before[i] ?? 0));
  const total = async () => (await added()).reduce((a, b) => a + b);
  const held: T[] = [];
  for (let attempt = 0; attempt < 4 && held.length < 2; attempt += 1) {
    const socket = await connect();
    await expect.poll(total, { timeout: 5000 }).toBe(held.length + 1);
    if (held.length === 0 || (await added()).every((n) => n === 1)) {
      held.push(socket);
      continue;
    }
    socket.close();
    await expect.poll(total, { timeout: 5000 }).toBe(held.length);
  }
  const [first, second] = held;
  if (!first || !second) {
    for (const socket of held) socket.close();
    throw new Error(`${gauge}: no socket landed on the second instance`);
  }
  return [first, second];
}

/** Resolves once neither instance holds a live or /collab socket, so nothing reconnects through the proxy. */
export async function expectNoSockets(d: ProxiedDeployment): Promise<void> {
  for (const instance of d.instances) {
    for (const gauge of ['deckhand_live_sockets', 'deckhand_collab_sockets']) {
      await expect.poll(() => instance.metric(gauge), { timeout: 5000 }).toBe(0);
    }
  }
}

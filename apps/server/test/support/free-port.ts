import { readFileSync } from 'node:fs';
import net from 'node:net';

/**
 * Ports for the servers tests start, chosen where nothing else will take them between the choice and the listen.
 *
 * A port the kernel hands out for `listen(0)` comes from the ephemeral range, the same range every outgoing
 * connection's local end is drawn from: freed again so that a server could be told its port up front (PUBLIC_URL,
 * OIDC redirects), it was now and then taken by one of the many connections the tests make, and the server's
 * listen failed with EADDRINUSE. These come from below (or above) that range instead, in a band of their own for
 * each test worker, so neither a connection nor another worker can take one meanwhile.
 */
const bandSize = 1000;
const bands = 10;

function ephemeralRange(): { start: number; end: number } {
  try {
    const [start, end] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/).map(Number);
    if (start && end) return { start, end };
  } catch {
    // Not Linux: its default range.
  }
  return { start: 32768, end: 60999 };
}

function firstPort(): number {
  const { start, end } = ephemeralRange();
  const room = bands * bandSize;
  if (start - 10_000 >= room) return 10_000;
  if (65_535 - end >= room) return end + 1;
  throw new Error(`no room for test ports beside the ephemeral range ${start}–${end}`);
}

/** This worker's band: vitest numbers its workers from 1; the main process (global setup) takes band 0. */
function bandStart(): number {
  const worker = Number(process.env.VITEST_POOL_ID ?? 0);
  return firstPort() + (worker % bands) * bandSize;
}

let next = 0;

function canListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

/** A port no one listens on now, and that no other test worker or outgoing connection will take. */
export async function freePort(): Promise<number> {
  const start = bandStart();
  for (let tried = 0; tried < bandSize; tried += 1) {
    const port = start + (next % bandSize);
    next += 1;
    if (await canListen(port)) return port;
  }
  throw new Error(`no free port in ${start}–${start + bandSize - 1}`);
}

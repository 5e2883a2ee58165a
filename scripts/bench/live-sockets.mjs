// The client side of the live channel: many `ws` sockets in this process, each counting the frames of one
// event type and stamping when its latest one arrived. A round is then waited on as a condition ("every
// socket has its n-th message") instead of slept through, and a missing message shows up as a count.
import WebSocket from 'ws';
import { mapWithConcurrency } from './concurrency.mjs';

// Enough connects in flight to keep the server busy verifying tokens, few enough to stay under its backlog.
const openConcurrency = 50;
const openTimeoutMs = 30_000;

function openSocket(url, onFrame) {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url, { handshakeTimeout: openTimeoutMs });
    const state = { ws, count: 0, closeCode: undefined };
    ws.on('message', (data) => onFrame(state, data));
    ws.on('close', (code) => {
      state.closeCode = code;
    });
    // After the handshake an error also closes the socket, which the close code already records.
    ws.on('error', (err) => reject(new Error(`live socket: ${err.message}`)));
    ws.on('unexpected-response', (_req, res) => reject(new Error(`live socket refused: HTTP ${res.statusCode}`)));
    ws.once('open', () => resolve(state));
  });
}

/**
 * Opens one socket per target ({ baseUrl, token }: a server and whose ID token) on `GET /updates?token=…`
 * and counts the frames whose type is `eventType` (or one of them, given a list: either of two frames can
 * tell a client what it missed).
 * Resolves to { size, waitForCount(n, timeoutMs), counts(), framesByType(), unexpectedCloses(), close() }.
 */
export async function openLiveSockets(targets, { eventType = 'project_updated' } = {}) {
  const counted = new Set([eventType].flat());
  const framesByType = new Map();
  let pending;
  function handleFrame(state, data) {
    const { type } = JSON.parse(String(data));
    if (!counted.has(type)) return;
    framesByType.set(type, (framesByType.get(type) ?? 0) + 1);
    state.count += 1;
    if (!pending || state.count !== pending.n) return;
    pending.lastAt = performance.now();
    pending.remaining -= 1;
    if (pending.remaining === 0) pending.finish();
  }
  const sockets = await mapWithConcurrency(targets, openConcurrency, ({ baseUrl, token }) =>
    openSocket(`${baseUrl.replace(/^http/, 'ws')}/updates?token=${encodeURIComponent(token)}`, handleFrame),
  );
  return {
    size: sockets.length,
    /**
     * Resolves when every socket has received `n` frames, or at the deadline, to { lastAt, missing }:
     * lastAt is the performance.now() of the last socket to get its n-th frame. Call it before the
     * change is made, since frames can beat the HTTP response that caused them.
     */
    waitForCount(n, timeoutMs) {
      return new Promise((resolve) => {
        const done = () => {
          clearTimeout(timer);
          pending = undefined;
          resolve({ lastAt: round.lastAt, missing: round.remaining });
        };
        const round = { n, remaining: sockets.filter((s) => s.count < n).length, lastAt: undefined, finish: done };
        const timer = setTimeout(done, timeoutMs);
        pending = round;
        if (round.remaining === 0) done();
      });
    },
    counts: () => sockets.map((s) => s.count),
    /** The counted frames so far, all sockets together, by type: { [type]: frames }. */
    framesByType: () => Object.fromEntries(framesByType),
    unexpectedCloses: () => sockets.filter((s) => s.closeCode !== undefined).map((s) => s.closeCode),
    /** Closes every socket and waits for each close handshake, so the server has let go of them too. */
    async close() {
      await Promise.all(
        sockets.map(
          ({ ws }) =>
            new Promise((resolve) => {
              if (ws.readyState === WebSocket.CLOSED) return resolve();
              ws.once('close', resolve);
              ws.close(1000, 'bench done');
            }),
        ),
      );
    },
  };
}

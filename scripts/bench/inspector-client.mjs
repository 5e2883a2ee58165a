// A minimal Chrome DevTools Protocol client for a server started with the inspector open, used for CPU
// profiles (cpu-profile.mjs) and for garbage collection and heap sizes (idle-sockets.mjs), which /proc
// cannot give: RSS alone mixes the JS heap with what V8 has not yet handed back to the OS.
import { once } from 'node:events';
import WebSocket from 'ws';

/** Environment that opens a server's inspector on `port`, on loopback only. */
export function inspectorEnv(port) {
  return { NODE_OPTIONS: `--inspect=127.0.0.1:${port}` };
}

/** Connects to the inspector on `port`; resolves to { post(method, params) → result, close() }. */
export async function connectInspector(port) {
  const res = await fetch(`http://127.0.0.1:${port}/json/list`);
  const [target] = await res.json();
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await once(ws, 'open');
  const waiting = new Map();
  let nextId = 1;
  ws.on('message', (data) => {
    const message = JSON.parse(String(data));
    const call = waiting.get(message.id);
    if (!call) return; // an event, not an answer
    waiting.delete(message.id);
    if (message.error) call.reject(new Error(`inspector: ${message.error.message}`));
    else call.resolve(message.result);
  });
  return {
    post(method, params = {}) {
      const id = nextId++;
      ws.send(JSON.stringify({ id, method, params }));
      return new Promise((resolve, reject) => waiting.set(id, { resolve, reject }));
    },
    close: () => ws.close(),
  };
}

// Clients that GET one URL over and over, each on a kept-alive connection of its own, reading each answer to its
// end and keeping none of it. For large answers read under load (the board: 130 KB as sent, over a
// hundred times a second): autocannon keeps every answer's body by appending each chunk to a string, which cost
// the bench about 2 ms of CPU per read of the board, a quarter of a core taken from the server it measures on the
// same two cores. Node's own HTTP client parses in C and lets each chunk go.
import http from 'node:http';
import { summarize } from './latency-stats.mjs';

/** One GET of `url`; resolves to its status once the whole answer has arrived. */
function getOnce(url, headers, agent) {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers, agent }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/**
 * `connections` clients each sending a GET of `url` as soon as its last one was answered, for `durationSeconds`.
 * Resolves in autocannon's shape, as far as the bench reads it: { requests: { average, total }, latency: { p50,
 * p99, max }, non2xx, errors }, latency in ms.
 */
export async function readSteadily({ url, headers, connections, durationSeconds }) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const ms = [];
  let non2xx = 0;
  let errors = 0;
  const startedAt = performance.now();
  const endsAt = startedAt + durationSeconds * 1000;
  async function client() {
    while (performance.now() < endsAt) {
      const started = performance.now();
      try {
        const status = await getOnce(url, headers, agent);
        ms.push(performance.now() - started);
        if (status < 200 || status > 299) non2xx += 1;
      } catch {
        errors += 1;
      }
    }
  }
  try {
    await Promise.all(Array.from({ length: connections }, client));
  } finally {
    agent.destroy();
  }
  const seconds = (performance.now() - startedAt) / 1000;
  return {
    requests: { average: ms.length / seconds, total: ms.length },
    latency: ms.length > 0 ? summarize(ms) : { p50: Number.NaN, p99: Number.NaN, max: Number.NaN },
    non2xx,
    errors,
  };
}

// Percentiles of a small sample (tens to hundreds of rounds), by nearest rank: with 100 rounds, p99 is the
// 99th-fastest round, and with fewer than 100 it is the slowest, which the report then says.

/** Nearest-rank percentile of `values` (any order); p in (0, 100]. */
export function percentile(values, p) {
  if (values.length === 0) throw new Error('percentile of no values');
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.max(0, rank - 1)];
}

/** { p50, p99, max } of `values`. */
export function summarize(values) {
  return { p50: percentile(values, 50), p99: percentile(values, 99), max: Math.max(...values) };
}

/** Times `rounds` GETs of `url` one after the other (latency, not throughput). @throws on any answer but 200 */
export async function timeGets(url, token, rounds) {
  const ms = [];
  for (let i = 0; i < rounds; i += 1) {
    const started = performance.now();
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${url} answered ${res.status}`);
    ms.push(performance.now() - started);
  }
  return summarize(ms);
}

// 1. Password hashing cost outside the server: @node-rs/argon2 with the server's parameters, one hash at a
// time and 20 at once. The server's own cost per sign-in shows up in the sign-in measurement (sign-in-load.mjs).
import { hash } from '@node-rs/argon2';
import { formatMib, formatMs } from './report.mjs';

/** Must match argon2Options in apps/server/src/modules/auth/passwords.ts (OWASP: 19 MiB, 2 passes, 1 lane). */
const argon2Options = { memoryCost: 19_456, timeCost: 2, parallelism: 1 };
const hashCount = 20;
const rssSampleMs = 5;

/** Runs `work` while sampling RSS; resolves to { ms, peakDeltaKib } relative to the RSS just before. */
async function measure(work) {
  const baselineRss = process.memoryUsage.rss();
  const maxRssBeforeKib = process.resourceUsage().maxRSS;
  let peakRss = baselineRss;
  const sampler = setInterval(() => {
    peakRss = Math.max(peakRss, process.memoryUsage.rss());
  }, rssSampleMs);
  const startedAt = performance.now();
  try {
    await work();
  } finally {
    clearInterval(sampler);
  }
  const ms = performance.now() - startedAt;
  // The kernel's high-water mark catches a peak that fell between two samples, when it is a new one.
  const maxRssAfterKib = process.resourceUsage().maxRSS;
  if (maxRssAfterKib > maxRssBeforeKib) peakRss = Math.max(peakRss, maxRssAfterKib * 1024);
  return { ms, peakDeltaKib: (peakRss - baselineRss) / 1024 };
}

function hashOne(i) {
  return hash(`Bench-harbour-${i}-x9`, argon2Options);
}

/** Adds the hashing figures to the report. */
export async function measureArgon2(report) {
  await hashOne(-1); // loads the native addon and warms the allocator, which the first real hash should not pay for
  const sequential = await measure(async () => {
    for (let i = 0; i < hashCount; i += 1) await hashOne(i);
  });
  const concurrent = await measure(() => Promise.all(Array.from({ length: hashCount }, (_, i) => hashOne(i))));
  const threads = process.env.UV_THREADPOOL_SIZE ?? '4 (default)';
  console.log(
    `  parameters: m=${argon2Options.memoryCost} KiB, t=${argon2Options.timeCost}, p=${argon2Options.parallelism}`,
  );
  console.log(
    `  concurrent hashes run on the libuv pool: ${threads} threads here; the server caps itself at max(2, cores)`,
  );
  report.add({ name: `argon2id hash, ${hashCount} sequential`, figure: `${formatMs(sequential.ms / hashCount)}/hash` });
  report.add({
    name: `argon2id hash, ${hashCount} sequential: peak RSS Δ`,
    figure: formatMib(sequential.peakDeltaKib),
  });
  report.add({
    name: `argon2id hash, ${hashCount} concurrent`,
    figure: `${formatMs(concurrent.ms / hashCount)}/hash (wall ${formatMs(concurrent.ms)} for ${hashCount})`,
  });
  report.add({
    name: `argon2id hash, ${hashCount} concurrent: peak RSS Δ`,
    figure: formatMib(concurrent.peakDeltaKib),
  });
}

// Resident memory of another process, read from /proc (Linux only, which is where Deckhand is deployed).
import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

/** VmRSS of a process in KiB. @throws when /proc has no such process or line */
export function readRssKib(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmRSS:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmRSS line in /proc/${pid}/status`);
  return Number(match[1]);
}

/** VmHWM of a process in KiB: the most it was resident at any moment of its life so far. @throws as readRssKib */
export function readPeakRssKib(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const match = /^VmHWM:\s+(\d+)\s+kB$/m.exec(status);
  if (!match) throw new Error(`no VmHWM line in /proc/${pid}/status`);
  return Number(match[1]);
}

/**
 * VmRSS and its parts in KiB: anonymous memory (heaps, buffers, PGlite's WebAssembly memory), mapped files and
 * shared memory. @throws as readRssKib
 */
export function readRssPartsKib(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const field = (name) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB$`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rss: field('VmRSS'), anon: field('RssAnon'), file: field('RssFile'), shmem: field('RssShmem') };
}

/**
 * Samples RSS every intervalMs until the last `samples` readings lie within 1% of each other (the process
 * is idle, so the heap has settled), or until maxSamples readings. Resolves to { rssKib, stable, readings }.
 */
export async function waitForStableRss(pid, { intervalMs = 500, samples = 3, maxSamples = 40 } = {}) {
  const readings = [readRssKib(pid)];
  while (readings.length < maxSamples) {
    await delay(intervalMs);
    readings.push(readRssKib(pid));
    const recent = readings.slice(-samples);
    if (recent.length < samples) continue;
    const spread = Math.max(...recent) - Math.min(...recent);
    if (spread <= Math.max(...recent) * 0.01) return { rssKib: recent.at(-1), stable: true, readings };
  }
  return { rssKib: readings.at(-1), stable: false, readings };
}

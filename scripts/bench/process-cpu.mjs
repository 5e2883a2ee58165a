// CPU time of processes over a stretch of work: with the servers and the bench sharing two cores, it tells
// whether a slow figure is the server computing, the bench's own clients computing, or waiting.
import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

// USER_HZ, the unit of /proc/<pid>/stat times, is 100 on every Linux that Node supports.
const msPerTick = 10;

/** User + system CPU time of a process in ms (10 ms resolution). @throws when /proc has no such process */
export function readCpuMs(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces and parentheses; the fields after its closing ')' are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * msPerTick; // fields 14 (utime) and 15 (stime)
}

/** CPU time of every running process named `name` (PostgreSQL's backends: `postgres`), by pid. */
function cpuOfProcessesNamed(name) {
  const byPid = new Map();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (fs.readFileSync(`/proc/${entry}/comm`, 'utf8').trim() === name) byPid.set(entry, readCpuMs(entry));
    } catch {
      // Gone between the listing and the read.
    }
  }
  return byPid;
}

/**
 * Starts counting CPU time of `pids` and of this process, and with `database` that of the local PostgreSQL's
 * processes; `stop()` returns { serversMs, benchMs, databaseMs } (databaseMs undefined without `database`). The
 * database's figure counts the processes alive at the end (a backend started meanwhile counts whole); it is only
 * meaningful when the database runs on this machine.
 */
export function startCpuMeter(pids, { database = false } = {}) {
  const serversAtStart = pids.map(readCpuMs);
  const benchAtStart = process.cpuUsage();
  const databaseAtStart = database ? cpuOfProcessesNamed('postgres') : undefined;
  return {
    stop() {
      const bench = process.cpuUsage(benchAtStart);
      const serversMs = pids.map((pid, i) => readCpuMs(pid) - serversAtStart[i]);
      let databaseMs;
      if (databaseAtStart) {
        databaseMs = 0;
        for (const [pid, ms] of cpuOfProcessesNamed('postgres')) databaseMs += ms - (databaseAtStart.get(pid) ?? 0);
      }
      return { serversMs, benchMs: (bench.user + bench.system) / 1000, databaseMs };
    },
  };
}

/**
 * Polls until every process in `pids` used under `maxShare` of a core over the last `windowMs`, or until
 * `timeoutMs`. Setup leaves work behind in a server (mail files, usage events, garbage) that would otherwise
 * land in the first measured rounds. Resolves to { quiet, waitedMs }.
 */
export async function waitForQuietCpu(pids, { windowMs = 500, maxShare = 0.1, timeoutMs = 15_000 } = {}) {
  const startedAt = performance.now();
  while (performance.now() - startedAt < timeoutMs) {
    const before = pids.map(readCpuMs);
    await delay(windowMs);
    const busiestMs = Math.max(...pids.map((pid, i) => readCpuMs(pid) - before[i]));
    if (busiestMs < windowMs * maxShare) return { quiet: true, waitedMs: performance.now() - startedAt };
  }
  return { quiet: false, waitedMs: performance.now() - startedAt };
}

// CPU time of processes over a stretch of work: with the servers and the bench sharing two cores, it tells
// whether a slow figure is the server computing, the bench's own clients computing, or waiting.
import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';

// USER_HZ, the unit of /proc/<pid>/stat times, is 100 on every Linux that Node supports.
const msPerTick = 10;

/** User + system CPU time of a process in ms (10 ms resolution). @throws when /proc has no such process */
export function readCpuMs(pid) {
  return cpuMsOfStat(`/proc/${pid}/stat`);
}

/** User + system CPU time in ms from a `stat` file of /proc (a process's, or one thread's). */
function cpuMsOfStat(statPath) {
  const stat = fs.readFileSync(statPath, 'utf8');
  // The command name (field 2) may hold spaces and parentheses; the fields after its closing ')' are plain.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * msPerTick; // fields 14 (utime) and 15 (stime)
}

/**
 * User + system CPU time of each thread of a process in ms, by thread id: the main thread's id is the pid.
 * Threads that ended meanwhile are not counted.
 */
function readThreadCpuMs(pid) {
  const byThread = new Map();
  for (const tid of fs.readdirSync(`/proc/${pid}/task`)) {
    try {
      byThread.set(tid, cpuMsOfStat(`/proc/${pid}/task/${tid}/stat`));
    } catch {
      // Ended between the listing and the read.
    }
  }
  return byThread;
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
 * processes; `stop()` returns { serversMs, threadsMs, benchMs, databaseMs } (databaseMs undefined without
 * `database`; threadsMs: the first server's main thread and its other threads, busiest first). The
 * database's figure counts the processes alive at the end (a backend started meanwhile counts whole); it is only
 * meaningful when the database runs on this machine.
 */
export function startCpuMeter(pids, { database = false } = {}) {
  const serversAtStart = pids.map(readCpuMs);
  const threadsAtStart = readThreadCpuMs(pids[0]);
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
      const threadsMs = threadShares(pids[0], threadsAtStart);
      return { serversMs, threadsMs, benchMs: (bench.user + bench.system) / 1000, databaseMs };
    },
  };
}

/** The CPU time each thread of `pid` took since `atStart`: { mainMs, othersMs } (others busiest first). */
function threadShares(pid, atStart) {
  let mainMs = 0;
  const othersMs = [];
  for (const [tid, ms] of readThreadCpuMs(pid)) {
    const taken = ms - (atStart.get(tid) ?? 0);
    if (tid === String(pid)) mainMs = taken;
    else othersMs.push(taken);
  }
  return { mainMs, othersMs: othersMs.sort((a, b) => b - a) };
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

// One phase of the fan-out measurement: open the members' sockets across the given servers, warm up,
// run the measured rounds while metering CPU (and, with --profile, sampling it), report, close the sockets.
import { startOwnProfile, startServerProfile } from './cpu-profile.mjs';
import { runFanoutRounds } from './fanout-rounds.mjs';
import { summarize } from './latency-stats.mjs';
import { openLiveSockets } from './live-sockets.mjs';
import { startCpuMeter, waitForQuietCpu } from './process-cpu.mjs';
import { printProfileSummary } from './profile-summary.mjs';
import { formatMs } from './report.mjs';

const rounds = 100;
// Unmeasured: the first renames pay for JIT compilation, pool connections and first-use allocations.
const warmupRounds = 10;

const p50p99 = ({ p50, p99 }) => `p50 ${formatMs(p50)}, p99 ${formatMs(p99)}`;

function reportRounds(report, name, result, targetMs) {
  const done = result.ackToLastMs.length;
  if (done > 0) {
    const ack = summarize(result.ackToLastMs);
    report.add({
      name: `${name}: PATCH ack → last socket`,
      figure: `${p50p99(ack)}, max ${formatMs(ack.max)} (${done} rounds)`,
      ...(targetMs && { target: `p99 ≤ ${targetMs} ms`, met: ack.p99 <= targetMs && result.lost === 0 }),
    });
    report.add({
      name: `${name}: PATCH sent → last socket`,
      figure: `${p50p99(summarize(result.sentToLastMs))} (PATCH alone ${p50p99(summarize(result.patchMs))})`,
    });
    if (result.deliveredBeforeAck > 0) {
      console.log(`  rounds whose every frame beat the PATCH response: ${result.deliveredBeforeAck} (counted as 0 ms)`);
    }
  }
  const stopped = result.stoppedAtRound ? `; stopped at round ${result.stoppedAtRound} of ${rounds}` : '';
  const duplicates = result.duplicates > 0 ? `; ${result.duplicates} duplicates` : '';
  report.add({
    name: `${name}: frames lost`,
    figure: `${result.lost} of ${result.framesExpected.toLocaleString('en')}${stopped}${duplicates}`,
    target: '0',
    met: result.lost === 0 && result.duplicates === 0,
  });
}

/** `names`: of the metered processes, in the order of cpu.serversMs. */
function reportCpu(report, name, cpu, doneRounds, names) {
  const perRound = (ms) => formatMs(ms / doneRounds);
  const servers = cpu.serversMs.map((ms, i) => `${names[i]} ${perRound(ms)}`).join(', ');
  report.add({
    name: `${name}: CPU per round`,
    figure: `${servers}; bench (sockets + PATCH) ${perRound(cpu.benchMs)}`,
  });
}

async function settle(servers) {
  const { quiet, waitedMs } = await waitForQuietCpu(servers.map((s) => s.pid));
  if (!quiet) console.log(`  note: the server(s) were still busy after ${formatMs(waitedMs)}; measuring anyway`);
}

async function startProfiles(servers) {
  const own = await startOwnProfile();
  const ofServers = await Promise.all(servers.map((s) => startServerProfile(s.inspectPort)));
  return async () => {
    for (const [i, profiler] of ofServers.entries()) {
      printProfileSummary(`server ${'AB'[i]}`, await profiler.stop());
    }
    printProfileSummary('the bench process (client sockets)', await own.stop());
  };
}

/**
 * Measures one phase and adds its figures. Members' sockets go round-robin over `servers` and the PATCH
 * goes to the first; `fixture` is { owner, members, projectId }. With `profile`, servers need inspectPort.
 * `onOpened(sockets)`, when given, runs once every socket is open, before the warm-up (to say where they landed);
 * `alsoMetered` ([{ name, pid }]) are other processes whose CPU per round is reported beside the servers' (a proxy).
 */
export async function measureFanoutPhase(
  report,
  fixture,
  { label, servers, targetMs, profile, onOpened, alsoMetered = [] },
) {
  const name = `live fan-out, ${label}, ${fixture.members.length.toLocaleString('en')} sockets`;
  console.log(`  ${label}: opening ${fixture.members.length} sockets on ${servers.length} instance(s) …`);
  const targets = fixture.members.map((m, i) => ({ baseUrl: servers[i % servers.length].url, token: m.idToken }));
  const sockets = await openLiveSockets(targets);
  try {
    await onOpened?.(sockets);
    const options = { baseUrl: servers[0].url, owner: fixture.owner, projectId: fixture.projectId };
    const warmup = await runFanoutRounds(sockets, { ...options, rounds: warmupRounds });
    if (warmup.lost > 0) throw new Error(`${warmup.lost} frames lost while warming up: is the live channel working?`);
    await settle(servers);
    const stopProfiles = profile ? await startProfiles(servers) : undefined;
    const cpuMeter = startCpuMeter([...servers, ...alsoMetered].map((s) => s.pid));
    const result = await runFanoutRounds(sockets, { ...options, rounds, before: warmupRounds });
    const cpu = cpuMeter.stop();
    await stopProfiles?.();
    const closes = sockets.unexpectedCloses();
    if (closes.length > 0) console.log(`  note: ${closes.length} sockets closed early, codes ${[...new Set(closes)]}`);
    reportRounds(report, name, result, targetMs);
    const metered = [...servers.map((_, i) => `server ${'AB'[i] ?? i + 1}`), ...alsoMetered.map((p) => p.name)];
    if (result.ackToLastMs.length > 0) reportCpu(report, name, cpu, result.ackToLastMs.length, metered);
  } finally {
    await sockets.close();
  }
}

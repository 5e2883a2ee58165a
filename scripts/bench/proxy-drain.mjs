// 17, phase 2: instance A is sent SIGTERM while it holds 1,000 live sockets and 10 uploads under way, all through
// nginx, as `systemctl stop` would in a rolling restart. It should let the uploads finish (each answered 201),
// close its sockets with 1012 so browsers reconnect elsewhere, and exit 0 within its grace period; nginx should send
// every other request to B meanwhile.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { openLiveSockets } from './live-sockets.mjs';
import { upstreamHeader } from './nginx-proxy.mjs';
import { startPacedUpload } from './paced-upload.mjs';
import { formatMs } from './report.mjs';

const mib = 1024 * 1024;
/** Through nginx's strict round-robin: half of them on A. */
const socketCount = 2000;
const uploadCount = 10;
const uploadBytes = 20 * mib;
// A slow client's pace: each upload lasts 5 s, so all 10 are still arriving when the signal is sent.
const uploadBytesPerS = 4 * mib;
const underWayTimeoutMs = 10_000;
const trafficEveryMs = 100;

const number = (n) => n.toLocaleString('en');

/** The instance nginx sent a GET /api/health to. */
async function probeUpstream(proxyUrl) {
  const res = await fetch(`${proxyUrl}/api/health`);
  await res.arrayBuffer();
  return res.headers.get(upstreamHeader);
}

/** Probes until nginx answers from `upstream`: the next request then goes to the other instance. */
async function probeUntilAnsweredBy(proxyUrl, upstream) {
  for (let probes = 1; probes <= 4; probes += 1) {
    if ((await probeUpstream(proxyUrl)) === upstream) return;
  }
  throw new Error(`nginx did not answer from ${upstream} in 4 requests: does it still alternate?`);
}

/** Uploads being written by the instances: local storage writes each to a `.partial` file until its end. */
function countUploadsUnderWay(dataDir) {
  try {
    return fs.readdirSync(path.join(dataDir, 'files', 'uploads')).filter((name) => name.endsWith('.partial')).length;
  } catch (err) {
    if (err.code === 'ENOENT') return 0;
    throw err;
  }
}

async function waitForUploadsUnderWay(dataDir, count) {
  const deadline = performance.now() + underWayTimeoutMs;
  while (countUploadsUnderWay(dataDir) < count) {
    if (performance.now() > deadline) throw new Error(`upload ${count} not under way after ${underWayTimeoutMs} ms`);
    await delay(10);
  }
}

/**
 * Starts the uploads through nginx, each aimed at A: nginx (one worker, no other requests meanwhile) alternates, so
 * the request after one B answered goes to A. Each is waited on until A is writing it, which also makes sure nginx
 * has chosen its instance before the next probe. The answers' x-upstream header says where each really went.
 */
async function startUploadsToA({ proxy, b, owner, projectId, dataDir }) {
  const uploads = [];
  for (let i = 0; i < uploadCount; i += 1) {
    await probeUntilAnsweredBy(proxy.url, b.upstream);
    const name = `drain-${i + 1}.bin`;
    uploads.push(
      startPacedUpload(proxy.url, owner.idToken, projectId, { name, bytes: uploadBytes, bytesPerS: uploadBytesPerS }),
    );
    await waitForUploadsUnderWay(dataDir, i + 1);
  }
  return uploads;
}

/** GETs through nginx, one at a time, until stop(), which resolves to the statuses (0: no answer). */
function startTraffic(proxyUrl, token) {
  const statuses = [];
  let running = true;
  const loop = (async () => {
    while (running) {
      const status = await fetch(`${proxyUrl}/api/projects`, { headers: { authorization: `Bearer ${token}` } }).then(
        async (res) => {
          await res.arrayBuffer();
          return res.status;
        },
        () => 0,
      );
      statuses.push(status);
      await delay(trafficEveryMs);
    }
  })();
  return {
    async stop() {
      running = false;
      await loop;
      return statuses;
    },
  };
}

/** Waits (up to 2 s) for the close frames nginx passes on after the instance has gone. */
async function settledCloses(sockets, expected) {
  const deadline = performance.now() + 2000;
  while (sockets.unexpectedCloses().length < expected && performance.now() < deadline) await delay(20);
  return sockets.unexpectedCloses();
}

function countBy(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].map(([value, n]) => `${number(n)} × ${value}`).join(', ') || 'none';
}

/**
 * Runs the drain of `a` (defineInstance, proxy-instances.mjs) and adds its figures; `a` has exited when it resolves
 * (the caller starts it again). `members` are accounts of the project whose tokens are fresh.
 */
export async function measureDrain(report, { proxy, a, b, owner, members, projectId, dataDir, graceSeconds }) {
  const targets = members.slice(0, socketCount).map((m) => ({ baseUrl: proxy.url, token: m.idToken }));
  const sockets = await openLiveSockets(targets);
  try {
    const [onA, onB] = [await a.metric('deckhand_live_sockets'), await b.metric('deckhand_live_sockets')];
    console.log(`  ${number(sockets.size)} sockets opened through nginx: A holds ${number(onA)}, B ${number(onB)}`);
    const uploads = await startUploadsToA({ proxy, b, owner, projectId, dataDir });
    console.log(
      `  ${uploadCount} uploads of ${uploadBytes / mib} MiB under way through nginx at ${uploadBytesPerS / mib} MiB/s each`,
    );

    const traffic = startTraffic(proxy.url, owner.idToken);
    const stop = await a.stop({ timeoutMs: (graceSeconds + 20) * 1000 });
    const statuses = await traffic.stop();
    const answers = await Promise.all(uploads.map((upload) => upload.answer));
    const closes = await settledCloses(sockets, onA);

    const what = `${number(onA)} sockets and ${uploadCount} uploads of ${uploadBytes / mib} MiB under way`;
    const killed = stop.killed ? ', SIGKILLed after the deadline' : '';
    report.add({
      name: `proxy: A's SIGTERM → exit, with ${what}`,
      figure: `${formatMs(stop.shutdownMs)}, exit code ${stop.code}${stop.signal ? ` (signal ${stop.signal})` : ''}${killed}`,
      target: `≤ ${graceSeconds} s (the grace period), exit 0`,
      met: stop.shutdownMs <= graceSeconds * 1000 && stop.code === 0 && !stop.killed,
    });
    const failed = answers.filter((answer) => answer.status !== 201);
    const statusesOf = countBy(answers.map((answer) => answer.status || answer.error?.message));
    const byA = answers.filter((answer) => answer.headers?.[upstreamHeader] === a.upstream).length;
    const slowest = Math.max(...answers.map((answer) => answer.ms));
    report.add({
      name: 'proxy: uploads under way at the SIGTERM that failed',
      figure: `${failed.length} of ${uploadCount} (${statusesOf}; ${byA} answered by A; slowest ${formatMs(slowest)})`,
      target: '0',
      met: failed.length === 0,
    });
    for (const answer of failed) {
      console.log(`  failed upload: ${answer.status} ${answer.body?.slice(0, 300) ?? answer.error?.message}`);
    }
    const with1012 = closes.filter((code) => code === 1012).length;
    report.add({
      name: `proxy: A's sockets closed with 1012 (of ${number(onA)}; B's ${number(onB)} kept open)`,
      figure: `${number(with1012)}; all closes: ${countBy(closes)}`,
      target: `all ${number(onA)}, and no other`,
      met: with1012 === onA && closes.length === onA,
    });
    const refused = statuses.filter((status) => status !== 200);
    report.add({
      name: 'proxy: GET /api/projects through nginx while A drained',
      figure: `${refused.length} of ${number(statuses.length)} not answered 200 (${countBy(statuses)})`,
    });
  } finally {
    await sockets.close();
  }
}

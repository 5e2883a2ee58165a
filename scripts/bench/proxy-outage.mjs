// 17, phase 3: Redis stops for 10 s under two instances holding live sockets, and the project is renamed meanwhile
// (PostgreSQL is up, so the rename is stored; its event cannot be published). Once Redis is back, each instance
// should tell every socket it holds to refetch (`resync`) and publish what it kept: measured is the time from Redis
// answering PING again until every socket has had one of the two, a full picture again.
import fs from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { openLiveSockets } from './live-sockets.mjs';
import { upstreamHeader } from './nginx-proxy.mjs';
import { describeSocketSpread } from './proxy-instances.mjs';
import { formatMs } from './report.mjs';

const outageMs = 10_000;
const targetMs = 5000;
/** Far past the target: a socket that has nothing by then is counted as left without a full picture. */
const resyncTimeoutMs = 30_000;
const noticeTimeoutMs = 10_000;

const number = (n) => n.toLocaleString('en');

/** Resolves once every instance's log has, after its `marks` (byte offsets), a line containing `text`. */
async function waitForLogLine(instances, marks, text) {
  const deadline = performance.now() + noticeTimeoutMs;
  for (const [i, instance] of instances.entries()) {
    while (!fs.readFileSync(instance.logPath).subarray(marks[i]).toString('utf8').includes(text)) {
      if (performance.now() > deadline)
        throw new Error(`instance ${instance.name} did not log ${text} in ${noticeTimeoutMs} ms`);
      await delay(20);
    }
  }
}

/** PATCHes the project's name through nginx; resolves to { status, upstream, ms }. */
async function renameThroughProxy(proxyUrl, token, projectId, name) {
  const startedAt = performance.now();
  const res = await fetch(`${proxyUrl}/api/projects/${projectId}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  const body = await res.text();
  return { status: res.status, body, upstream: res.headers.get(upstreamHeader), ms: performance.now() - startedAt };
}

/**
 * Runs the outage and adds its figures. `redis` is the bench's own (redis-process.mjs), `instances` both
 * instances, `members` accounts of the project whose tokens are fresh; each gets one socket through nginx.
 */
export async function measureRedisOutage(report, { proxy, instances, redis, owner, members, projectId }) {
  const targets = members.map((m) => ({ baseUrl: proxy.url, token: m.idToken }));
  const sockets = await openLiveSockets(targets, { eventType: ['resync', 'project_updated'] });
  try {
    const spread = await describeSocketSpread(instances);
    console.log(`  ${number(sockets.size)} sockets opened through nginx, held by ${spread}`);
    if (sockets.counts().some((count) => count > 0)) {
      throw new Error('sockets got a resync or rename before the outage');
    }

    const marks = instances.map((instance) => fs.statSync(instance.logPath).size);
    const stoppedAt = performance.now();
    await redis.stop();
    await waitForLogLine(instances, marks, '"msg":"redis unavailable"');
    console.log(
      `  Redis stopped; both instances logged it unavailable within ${formatMs(performance.now() - stoppedAt)}`,
    );
    const rename = await renameThroughProxy(proxy.url, owner.idToken, projectId, 'Renamed while Redis was away');
    report.add({
      name: 'proxy: a rename during the Redis outage (PostgreSQL up)',
      figure: `${rename.status} from ${rename.upstream} in ${formatMs(rename.ms)}`,
      target: '200',
      met: rename.status === 200,
    });
    if (rename.status !== 200) console.log(`  the rename was answered: ${rename.body.slice(0, 300)}`);

    await delay(Math.max(0, outageMs - (performance.now() - stoppedAt)));
    // Asked before Redis is back, since the frames may come as soon as it is.
    const everySocket = sockets.waitForCount(1, resyncTimeoutMs);
    const backAt = await redis.start();
    const { lastAt, missing } = await everySocket;
    // The kept rename may trail the resync: it is counted once every socket has it too, or after a few seconds.
    const renameDeadline = performance.now() + 3000;
    while ((sockets.framesByType().project_updated ?? 0) < sockets.size && performance.now() < renameDeadline) {
      await delay(20);
    }
    const { resync = 0, project_updated: renamed = 0 } = sockets.framesByType();
    const closed = sockets.unexpectedCloses();
    const name = `proxy: Redis back (after ${outageMs / 1000} s away) → all ${number(sockets.size)} sockets resynced`;
    if (missing > 0) {
      report.add({
        name,
        figure: `${number(missing)} sockets had neither resync nor the rename after ${resyncTimeoutMs / 1000} s`,
        target: `≤ ${targetMs / 1000} s`,
        met: false,
      });
    } else {
      const ms = lastAt - backAt;
      report.add({ name, figure: formatMs(ms), target: `≤ ${targetMs / 1000} s`, met: ms <= targetMs });
    }
    console.log(
      `  frames since Redis came back: ${number(resync)} resync, ${number(renamed)} project_updated (the rename kept ` +
        `through the outage)${closed.length > 0 ? `; ${closed.length} sockets closed, codes ${[...new Set(closed)]}` : ''}`,
    );
  } finally {
    await sockets.close();
  }
}

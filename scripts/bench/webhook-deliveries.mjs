// What the webhooks bench (webhooks.mjs) makes of its runs: the moves' throughput without and with webhooks,
// whether each move reached each webhook exactly once, how long after the move's answer, and, from the server's
// delivery log, where that time went.
import { callApi } from './api-client.mjs';
import { percentile, summarize } from './latency-stats.mjs';
import { formatMs } from './report.mjs';
import { moveConnections } from './webhook-moves.mjs';

const targets = { p99Ms: 1000, throughputShare: 0.9 };
const number = (n) => n.toLocaleString('en');
/** performance.now() as wall-clock ms, to compare with the times the server writes in its delivery log. */
const wallClock = (ms) => performance.timeOrigin + ms;
const describeP50 = (values) => (values.length === 0 ? '—' : formatMs(percentile(values, 50)));
const describe = (values) => {
  const { p50, p99, max } = summarize(values);
  return `p50 ${formatMs(p50)}, p99 ${formatMs(p99)}, max ${formatMs(max)}`;
};

/** Task id → the place of its move's answer among the run's answers (0 first). */
function answerRanks(answeredAt) {
  return new Map([...answeredAt].sort((a, b) => a[1] - b[1]).map(([taskId], rank) => [taskId, rank]));
}

/**
 * Every webhook must have got every moved task once, as a `task.moved` to `statusId`, and no webhook-id may come
 * twice (a retry of a delivery that did arrive would). Resolves to { distinctIds, duplicates, problems }.
 */
export function checkArrivals(receiver, { hookCount, taskIds, statusId }) {
  const { malformed } = receiver;
  const problems =
    malformed.length > 0 ? [`${number(malformed.length)} requests were not deliveries: ${malformed[0]}…`] : [];
  const seenIds = new Set();
  let duplicates = 0;
  const tasksOf = Array.from({ length: hookCount }, () => new Map());
  let strays = 0;
  for (const arrival of receiver.arrivals) {
    if (seenIds.has(arrival.deliveryId)) duplicates += 1;
    seenIds.add(arrival.deliveryId);
    const tasks = tasksOf[arrival.hook];
    if (!tasks || arrival.type !== 'task.moved' || arrival.statusToId !== statusId) {
      strays += 1;
      continue;
    }
    tasks.set(arrival.taskId, (tasks.get(arrival.taskId) ?? 0) + 1);
  }
  if (duplicates > 0) problems.push(`${number(duplicates)} webhook-ids came more than once`);
  if (strays > 0) problems.push(`${number(strays)} deliveries were not a task.moved of this run`);
  tasksOf.forEach((tasks, hook) => {
    const missing = taskIds.filter((id) => !tasks.has(id)).length;
    const repeated = [...tasks.values()].filter((n) => n > 1).length;
    if (missing > 0) problems.push(`webhook ${hook}: ${number(missing)} moves never arrived`);
    if (repeated > 0) problems.push(`webhook ${hook}: ${number(repeated)} moves arrived more than once`);
  });
  return { distinctIds: seenIds.size, duplicates, problems };
}

/**
 * Milliseconds from each move's answer to each of its deliveries' arrival. Each measured move moves a task of its
 * own, so the task id names the move: no reliance on the order in which moves of one task commit, nor on the
 * server's clock (data.created_at, stamped before the answer, at 1 ms resolution). The answer is when a client
 * knows the move committed, and both ends are read from this process's clock.
 */
export function commitToArrivalMs(arrivals, answeredAt) {
  return arrivals.map((a) => a.at - answeredAt.get(a.taskId));
}

/** The arrivals that are deliveries of the measured moves: the others are only counted, by checkArrivals. */
export function arrivalsOfRun(arrivals, { answeredAt, statusId }) {
  return arrivals.filter((a) => a.type === 'task.moved' && a.statusToId === statusId && answeredAt.has(a.taskId));
}

/**
 * Prints how the deliveries kept pace with the moves: how many had arrived by the last answer, how long the rest
 * took, each webhook's rate and longest silence, and the latency of the first and last hundred moves (a latency
 * that grows through the run is a backlog; a flat one is a fixed cost per delivery).
 */
export function printPace(arrivals, answeredAt, hookCount) {
  const lastAnswer = Math.max(...answeredAt.values());
  const lastArrival = Math.max(...arrivals.map((a) => a.at));
  const early = arrivals.filter((a) => a.at <= lastAnswer).length;
  console.log(
    `  by the last move's answer ${number(early)} of ${number(arrivals.length)} deliveries had arrived; ` +
      `the last came ${formatMs(lastArrival - lastAnswer)} later`,
  );
  for (let hook = 0; hook < hookCount; hook += 1) {
    const times = arrivals
      .filter((a) => a.hook === hook)
      .map((a) => a.at)
      .sort((a, b) => a - b);
    if (times.length < 2) continue;
    const longestGap = Math.max(...times.slice(1).map((t, i) => t - times[i]));
    const perS = (times.length - 1) / ((times.at(-1) - times[0]) / 1000);
    console.log(`  webhook ${hook}: ${perS.toFixed(0)} deliveries/s, longest gap ${formatMs(longestGap)}`);
  }
  const rankOf = answerRanks(answeredAt);
  for (const [what, chosen] of [
    ['first 100 moves', (rank) => rank < 100],
    ['last 100 moves', (rank) => rank >= answeredAt.size - 100],
  ]) {
    const ms = commitToArrivalMs(
      arrivals.filter((a) => chosen(rankOf.get(a.taskId))),
      answeredAt,
    );
    if (ms.length > 0) console.log(`  commit to arrival, ${what}: ${describe(ms)}`);
  }
}

/** A webhook's whole delivery log, newest first, 100 at a time. */
async function readDeliveryLog(baseUrl, token, webhookId) {
  const items = [];
  let cursor;
  do {
    const query = `limit=100${cursor ? `&cursor=${cursor}` : ''}`;
    const page = await callApi(baseUrl, 'GET', `/api/webhooks/${webhookId}/deliveries?${query}`, { token });
    items.push(...page.items);
    cursor = page.next_cursor;
  } while (cursor);
  return items;
}

/**
 * Splits commit-to-arrival at the delivery's creation, read from the server's log (the same machine's wall clock):
 * before it, the activity batch and the enqueue; after it, the wait for the dispatcher and the send itself, whose
 * duration the log also holds. Resolves to problems the log shows (a delivery not succeeded, or tried twice).
 */
export async function printDeliveryLog(baseUrl, token, { webhookIds, arrivals, answeredAt }) {
  const arrivalOf = new Map(arrivals.map((a) => [a.deliveryId, a]));
  const rankOf = answerRanks(answeredAt);
  const rows = [];
  const sendMs = [];
  const problems = [];
  for (const webhookId of webhookIds) {
    const log = await readDeliveryLog(baseUrl, token, webhookId);
    const unsent = log.filter((d) => d.status !== 'succeeded').length;
    const retried = log.filter((d) => d.attempts > 1).length;
    if (unsent > 0) problems.push(`webhook ${webhookId}: ${unsent} deliveries not succeeded in the server's log`);
    if (retried > 0) problems.push(`webhook ${webhookId}: ${retried} deliveries took more than one attempt`);
    for (const delivery of log) {
      const arrival = arrivalOf.get(delivery.id);
      if (!arrival) continue;
      const createdAt = Date.parse(delivery.created_at);
      rows.push({
        rank: rankOf.get(arrival.taskId),
        enqueued: createdAt - wallClock(answeredAt.get(arrival.taskId)),
        waited: wallClock(arrival.at) - createdAt,
      });
      if (delivery.duration_ms !== null) sendMs.push(delivery.duration_ms);
    }
  }
  // First against last moves: a stage whose time grows through the run has a backlog; a flat one, a fixed delay.
  const stage = (what, key) => {
    const first = rows.filter((row) => row.rank < 100).map((row) => row[key]);
    const last = rows.filter((row) => row.rank >= answeredAt.size - 100).map((row) => row[key]);
    console.log(
      `  ${what}: ${describe(rows.map((row) => row[key]))}; p50 of the first 100 moves ${describeP50(first)}, ` +
        `of the last 100 ${describeP50(last)}`,
    );
  };
  if (rows.length > 0) {
    stage('answer to delivery created (activity batch, enqueue)', 'enqueued');
    stage('delivery created to arrival (dispatcher queue, send)', 'waited');
  }
  if (sendMs.length > 0) console.log(`  each send as the server timed it (1 ms steps): ${describe(sendMs)}`);
  return problems;
}

/** Adds the row of the moves' throughput without and with webhooks. */
function reportThroughput(report, { label, hookCount, without, withHooks }) {
  const share = withHooks.movesPerS / without.movesPerS;
  const moves = `${number(without.answeredAt.size)} moves, ${moveConnections} connections`;
  report.add({
    name: `webhooks (${label}): ${moves}, without → with ${hookCount} webhooks`,
    figure:
      `${without.movesPerS.toFixed(0)} → ${withHooks.movesPerS.toFixed(0)} moves/s (${(share * 100).toFixed(0)} %), ` +
      `p99 ${formatMs(without.p99Ms)} → ${formatMs(withHooks.p99Ms)}`,
    target: `with ≥ ${targets.throughputShare * 100} % of without`,
    met: share >= targets.throughputShare,
  });
}

/**
 * Adds the three webhook rows: the moves' throughput without and with webhooks, each delivery once, and commit to
 * arrival; and prints what tells where the time went.
 */
export async function reportDeliveries(report, options) {
  const { label, server, token, receiver, webhookIds, taskIds, statusId, without, withHooks } = options;
  const hookCount = webhookIds.length;
  const expected = hookCount * taskIds.length;
  reportThroughput(report, { label, hookCount, without, withHooks });

  const check = checkArrivals(receiver, { hookCount, taskIds, statusId });
  const ofRun = arrivalsOfRun(receiver.arrivals, { answeredAt: withHooks.answeredAt, statusId });
  if (ofRun.length > 0) {
    printPace(ofRun, withHooks.answeredAt, hookCount);
    const log = { webhookIds, arrivals: ofRun, answeredAt: withHooks.answeredAt };
    check.problems.push(...(await printDeliveryLog(server.url, token, log)));
  }
  for (const problem of check.problems) console.log(`  ✘ ${problem}`);
  const once = check.problems.length === 0 && check.distinctIds === expected;
  const problems = check.problems.length > 0 ? `, ${check.problems.length} problems (see log)` : '';
  const each = `${hookCount} webhooks × ${number(taskIds.length)} moves`;
  report.add({
    name: `webhooks (${label}): ${number(expected)} deliveries (${each})`,
    figure:
      `${once ? '' : 'FAILED: '}${number(receiver.arrivals.length)} arrived, ${number(check.distinctIds)} ` +
      `distinct webhook-ids, ${check.duplicates} duplicates${problems}`,
    target: 'each exactly once',
    met: once,
  });

  if (ofRun.length === 0) throw new Error('no delivery of the measured moves arrived: nothing to time');
  const { p50, p99, max } = summarize(commitToArrivalMs(ofRun, withHooks.answeredAt));
  const over = ofRun.length === expected ? '' : ` (FAILED: over the ${number(ofRun.length)} that arrived)`;
  report.add({
    name: `webhooks (${label}): commit (move answered) to arrival`,
    figure: `p50 ${formatMs(p50)}, p99 ${formatMs(p99)}, max ${formatMs(max)}${over}`,
    target: `p99 ≤ ${targets.p99Ms / 1000} s, all arrived`,
    met: p99 <= targets.p99Ms && ofRun.length === expected,
  });
}
